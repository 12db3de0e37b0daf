import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import { TRIAL_PRICE_CENTS, type BookingMode } from '../../../domain/booking/booking-rules';
import { singleLessonPriceCents } from '../../../domain/booking/pricing';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import type { Subject } from '../../../domain/reference/reference-defaults';
import { LESSON_MINUTES, type LessonMinutes } from '../../../domain/scheduling/slot-length';
import { formatPrice } from '../../../domain/booking/pricing';
import type { Choice } from './choice-group';

// The choices the modal offers, built from the tutor, the reference data and the eligibility.

export const MODE_TITLES: Record<BookingMode, string> = {
  trial: M.titleTrial,
  single: M.titleSingle,
  package: M.titlePackage,
};

/**
 * The profile names its subjects; bookings carry their ids, from the reference list (a name
 * it does not know cannot be booked, so it is not offered).
 */
export function tutorSubjects(tutor: TutorProfileResponse, subjects: readonly Subject[]) {
  return tutor.subjects.flatMap(({ name }) =>
    subjects.filter((subject) => subject.name === name).slice(0, 1),
  );
}

/** A single lesson's price at the tutor's hourly rate (dollars on the wire). */
export const singlePrice = (tutor: TutorProfileResponse, lessonMinutes: LessonMinutes) =>
  singleLessonPriceCents(Math.round(tutor.hourlyRate * 100), lessonMinutes);

/** What the chosen mode costs, in cents: a free trial, a priced lesson; a package's own price. */
export function modePrice(mode: BookingMode, tutor: TutorProfileResponse, minutes: LessonMinutes) {
  if (mode === 'trial') return TRIAL_PRICE_CENTS;
  return mode === 'single' ? singlePrice(tutor, minutes) : null;
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
