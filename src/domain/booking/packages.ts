// Lesson packages (spec 3; ADR 015): N lessons of one length with one tutor, bought at once at
// a discount, valid for some days from payment. The first lesson is booked with the purchase;
// the rest are credits the student schedules later.

/** A tutor's own package: limits the database also enforces (migration 011). */
export const PACKAGE_LIMITS = {
  minLessons: 2,
  maxLessons: 50,
  maxDiscountPercent: 50,
  minValidityDays: 7,
  maxValidityDays: 730,
  maxNameLength: 80,
  maxDescriptionLength: 500,
} as const;

/** Platform packages are exposed with ids prefixed like this (spec 3). */
export const PLATFORM_PACKAGE_PREFIX = 'platform_';

/**
 * A package's price: lessons x single-lesson price, less the discount, rounded half up to the
 * cent (integers throughout: the single price is already whole cents).
 */
export function packagePriceCents(
  singlePriceCents: number,
  lessons: number,
  discountPercent: number,
): number {
  const hundredths = singlePriceCents * lessons * (100 - discountPercent);
  return Math.floor((hundredths + 50) / 100);
}

/** A package lesson's share of the package price (for earnings), whole cents. */
export const perLessonCents = (priceCents: number, lessons: number) =>
  Math.floor(priceCents / lessons);

/**
 * Lessons in these statuses give their credit back: canceled, expired (a lapsed hold) and
 * no-show, unless the credit was forfeited (a student's late cancel or absence; ADR 018).
 */
export const CREDIT_RETURNING_STATUSES = ['canceled', 'expired', 'no_show'] as const;
