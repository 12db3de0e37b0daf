import type { PackageOffer } from '../../../contracts/packages.contract';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import { TRIAL_PRICE_CENTS, type BookingMode } from '../../../domain/booking/booking-rules';
import { formatPrice, singleLessonPriceCents } from '../../../domain/booking/pricing';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import { LESSON_MINUTES, type LessonMinutes } from '../../../domain/scheduling/slot-length';
import type { Choice } from './choice-group';

// The choices the modal offers, built from the tutor, the reference data and the eligibility.

export const MODE_TITLES: Record<BookingMode, string> = {
  trial: M.titleTrial,
  single: M.titleSingle,
  package: M.titlePackage,
};

/** A single lesson's price at the tutor's hourly rate. */
export const singlePrice = (tutor: TutorProfileResponse, lessonMinutes: LessonMinutes) =>
  singleLessonPriceCents(tutor.hourlyRateCents, lessonMinutes);

/**
 * What the choice costs, as the footer shows it: a free trial, a priced lesson, a lesson from a
 * bought package, the chosen package's price (none until one is chosen). Display only: the
 * server prices the checkout.
 */
export function priceText(
  mode: BookingMode,
  tutor: TutorProfileResponse,
  minutes: LessonMinutes,
  paidWith: { credit: boolean; offer: PackageOffer | null },
): string | null {
  if (mode === 'trial') return formatPrice(TRIAL_PRICE_CENTS);
  if (mode === 'single')
    return paidWith.credit ? M.fromYourPackage : formatPrice(singlePrice(tutor, minutes));
  return paidWith.offer && formatMoney(paidWith.offer.totalPriceCents, paidWith.offer.currency);
}

/**
 * Trial while the student may still have one, else single or package: the other kind is
 * disabled, and every mode while the eligibility check runs.
 */
export function modeChoices(
  eligibility: { checking: boolean; eligible: boolean },
  singleCents: number,
): Choice<BookingMode>[] {
  const { checking, eligible } = eligibility;
  return [
    { value: 'trial', label: 'Trial lesson', hint: M.free, disabled: checking || !eligible },
    {
      value: 'single',
      label: 'Single lesson',
      hint: formatPrice(singleCents),
      disabled: checking || eligible,
    },
    {
      value: 'package',
      label: 'Lesson package',
      hint: 'Several lessons booked together',
      disabled: checking || eligible,
    },
  ];
}

export const durationChoices: Choice<LessonMinutes>[] = LESSON_MINUTES.map((minutes) => ({
  value: minutes,
  label: `${minutes} min`,
}));
