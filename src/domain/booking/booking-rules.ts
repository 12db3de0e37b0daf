// Booking rules shared by the server and the booking screens.

export type BookingMode = 'trial' | 'single' | 'package';

export const BOOKING_MODES = [
  'trial',
  'single',
  'package',
] as const satisfies readonly BookingMode[];

export const LESSON_STATUSES = [
  /** A paid lesson whose checkout is open: it holds its slot until the hold lapses. */
  'awaiting_payment',
  'pending',
  'scheduled',
  'in_progress',
  'completed',
  'canceled',
  'no_show',
  /** A hold that lapsed before payment arrived. */
  'expired',
] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/** Lessons in these states hold their time: no other lesson of the tutor or student may overlap. */
export const TIME_HOLDING_STATUSES = [
  'awaiting_payment',
  'pending',
  'scheduled',
  'in_progress',
] as const satisfies readonly LessonStatus[];

/** Whether a lesson in `status` holds its time (the exclusion constraints count it). */
export const holdsItsTime = (status: LessonStatus) =>
  (TIME_HOLDING_STATUSES as readonly LessonStatus[]).includes(status);

/**
 * Whether a lesson holds its time at `now`: in a holding status, and a hold awaiting payment
 * only until it lapses (it may not be marked expired yet). The slots' SQL says the same
 * (lessons.repository.ts `holdsTimeAt`).
 */
export const holdsTimeAt = (status: LessonStatus, holdExpiresAt: Date | null, now: Date) =>
  holdsItsTime(status) &&
  (status !== 'awaiting_payment' || (holdExpiresAt !== null && holdExpiresAt > now));

/** Only pending and scheduled lessons can be rescheduled: a lesson that has started, ended or been canceled keeps its time. */
export const canReschedule = (status: LessonStatus) =>
  status === 'pending' || status === 'scheduled';

/** Upcoming-lessons range choices in days, 14 by default. */
export const UPCOMING_RANGE_DAYS = [7, 14, 30, 60] as const;
export const DEFAULT_UPCOMING_DAYS = 14;

/** Days the booking week strip shows and pages by. */
export const BOOKING_WEEK_DAYS = 7;

/**
 * Ours (the spec is silent): a lesson can be booked from one hour ahead, so that the tutor
 * learns of it before it starts.
 */
export const MIN_BOOKING_NOTICE_MINUTES = 60;

/** A trial lesson is free: price 0, shown as 'Free'. */
export const TRIAL_PRICE_CENTS = 0;

export const MAX_BOOKING_NOTES_LENGTH = 2000;

/** Ours: why a lesson moved, kept with the lesson it replaced. */
export const MAX_RESCHEDULE_REASON_LENGTH = 500;
export const DEFAULT_RESCHEDULE_REASON = 'Rescheduled by user';

/**
 * A lesson's status as of `now`: a scheduled lesson is in progress between its start and end
 * and completed after it. Time moves lessons on without a background job; other statuses
 * (canceled, no-show, a tutor's explicit completion) stay as stored.
 */
export function statusAt(stored: LessonStatus, start: Date, end: Date, now: Date): LessonStatus {
  if (stored !== 'scheduled' && stored !== 'in_progress') return stored;
  if (now >= end) return 'completed';
  return now >= start ? 'in_progress' : stored;
}

/** Notes belong to a lesson that happens: a canceled lesson (or a hold never paid) has none to edit. */
export const notesEditable = (status: LessonStatus) =>
  status !== 'canceled' && status !== 'expired' && status !== 'awaiting_payment';
