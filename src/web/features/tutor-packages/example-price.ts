import { packagePriceCents, perLessonCents } from '../../../domain/booking/packages';
import { singleLessonPriceCents } from '../../../domain/booking/pricing';

// What students pay for a package at the tutor's rate, shown while the tutor shapes it: for
// 50-minute lessons (the booking modal's default length), priced as the server prices it.

export const EXAMPLE_LESSON_MINUTES = 50;

export function examplePrice(hourlyRateCents: number, lessons: number, discountPercent: number) {
  const singleCents = singleLessonPriceCents(hourlyRateCents, EXAMPLE_LESSON_MINUTES);
  const totalCents = packagePriceCents(singleCents, lessons, discountPercent);
  return { singleCents, totalCents, perLessonCents: perLessonCents(totalCents, lessons) };
}
