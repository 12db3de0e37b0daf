import { z } from 'zod';
import { BOOKING_MESSAGES as M } from '../messages';
import { SCHEDULING_MESSAGES } from '../scheduling/messages';
import { DEFAULT_LESSON_MINUTES } from '../scheduling/slot-length';
import {
  lessonMinutesSchema,
  localDateSchema,
  MAX_SLOT_DAYS,
  slotTimeSchema,
  timeZoneSchema,
} from '../scheduling/slot-schemas';
import {
  BOOKABLE_MODES,
  BOOKING_WEEK_DAYS,
  DEFAULT_UPCOMING_DAYS,
  MAX_BOOKING_NOTES_LENGTH,
} from './booking-rules';

/**
 * A booking as the student chose it: a tutor, a subject, one of the offered slots (their date
 * and 'HH:MM-HH:MM' in their own zone, as the slot list showed it) and a lesson length. The
 * server re-checks the slot and decides the UTC instants and the price itself.
 */
export const bookLessonSchema = z.object({
  tutorProfileId: z.uuid(M.tutorNotFound),
  subjectId: z.number(M.selectSubject).int(M.selectSubject).positive(M.selectSubject),
  mode: z.enum(BOOKABLE_MODES, M.paidSoon),
  bookingDate: localDateSchema,
  slotTime: slotTimeSchema,
  viewerZone: timeZoneSchema,
  lessonMinutes: lessonMinutesSchema,
  notes: z.string().trim().max(MAX_BOOKING_NOTES_LENGTH, M.notesTooLong).default(''),
});
export type BookLessonInput = z.input<typeof bookLessonSchema>;

/** The upcoming-lessons range from a query string: 1 to 60 days, 14 by default. */
export const upcomingDaysSchema = z.coerce
  .number(M.invalidRange)
  .int(M.invalidRange)
  .min(1, M.invalidRange)
  .max(MAX_SLOT_DAYS, M.invalidRange)
  .default(DEFAULT_UPCOMING_DAYS);

/** The slots a booking screen asks for, from a query string (one week by default). */
export const slotsQuerySchema = z.object({
  viewerZone: timeZoneSchema,
  fromDate: localDateSchema,
  days: z.coerce
    .number(M.invalidRange)
    .int(M.invalidRange)
    .min(1, M.invalidRange)
    .max(MAX_SLOT_DAYS, M.invalidRange)
    .default(BOOKING_WEEK_DAYS),
  lessonMinutes: z.coerce
    .number(SCHEDULING_MESSAGES.invalidLessonMinutes)
    .pipe(lessonMinutesSchema)
    .default(DEFAULT_LESSON_MINUTES),
});

/** Ours: why a lesson moved, kept with the lesson it replaced. */
export const MAX_RESCHEDULE_REASON_LENGTH = 500;
export const DEFAULT_RESCHEDULE_REASON = 'Rescheduled by user';

/**
 * A new time for a lesson, chosen like a booking: the viewer's date and 'HH:MM-HH:MM' from the
 * lesson's own slot list. The length stays the lesson's; either party may move it.
 */
export const rescheduleLessonSchema = z.object({
  bookingDate: localDateSchema,
  slotTime: slotTimeSchema,
  viewerZone: timeZoneSchema,
  reason: z
    .string()
    .trim()
    .max(MAX_RESCHEDULE_REASON_LENGTH, M.reasonTooLong)
    .transform((reason) => reason || DEFAULT_RESCHEDULE_REASON)
    .default(DEFAULT_RESCHEDULE_REASON),
});
export type RescheduleLessonInput = z.input<typeof rescheduleLessonSchema>;

/** The slots a lesson could move to: as a booking's, without a length (the lesson keeps its). */
export const rescheduleSlotsQuerySchema = slotsQuerySchema.omit({ lessonMinutes: true });
