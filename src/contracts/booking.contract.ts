import { z } from 'zod/mini';
import {
  BOOKING_WEEK_DAYS,
  DEFAULT_RESCHEDULE_REASON,
  DEFAULT_UPCOMING_DAYS,
  LESSON_STATUSES,
  MAX_BOOKING_NOTES_LENGTH,
  MAX_RESCHEDULE_REASON_LENGTH,
} from '../domain/booking/booking-rules';
import { MAX_NOTES_HTML_LENGTH } from '../domain/booking/lesson-notes';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../domain/messages';
import { DEFAULT_LESSON_MINUTES } from '../domain/scheduling/slot-length';
import {
  lessonMinutesSchema,
  localDateSchema,
  MAX_SLOT_DAYS,
  slotLabelSchema,
  timeZoneSchema,
} from '../domain/scheduling/slot-schemas';
import {
  defineEndpoint,
  idParams,
  MULTIPART,
  numberIdSchema,
  ROLE_ERRORS,
  SIGNED_IN_ERRORS,
} from './endpoint';

// Booking and lessons: a tutor's slots, trial eligibility, booking, the upcoming lessons, one
// lesson, rescheduling and lesson notes. Words: a *window* is weekly availability, a *slot* a
// bookable time, a *slot label* its 'HH:MM-HH:MM' on the viewer's clock.

/** A day count from a query string: 1 to 60. */
const dayCount = (fallback: number) =>
  z._default(
    z.coerce
      .number(M.invalidRange)
      .check(z.int(M.invalidRange), z.gte(1, M.invalidRange), z.lte(MAX_SLOT_DAYS, M.invalidRange)),
    fallback,
  );

/** The slots a booking screen asks for, from a query string (one week by default). */
export const slotsQuerySchema = z.object({
  viewerZone: timeZoneSchema,
  fromDate: localDateSchema,
  days: dayCount(BOOKING_WEEK_DAYS),
  lessonMinutes: z._default(
    z.pipe(z.coerce.number(M.invalidLessonMinutes), lessonMinutesSchema),
    DEFAULT_LESSON_MINUTES,
  ),
});

/** The slots a lesson could move to: as a booking's, without a length (the lesson keeps its). */
export const rescheduleSlotsQuerySchema = z.omit(slotsQuerySchema, { lessonMinutes: true });

/**
 * A booking as the student chose it: a tutor, a subject, one of the offered slots (their date
 * and its slot label in their own zone, as the slot list showed it) and a lesson length. The
 * server re-checks the slot and decides the UTC instants and the price itself.
 */
export const bookLessonSchema = z.object({
  tutorProfileId: z.uuid(M.tutorNotFound),
  subjectId: numberIdSchema(M.selectSubject),
  /** Only free trials are booked here; paid lessons and packages go through the checkout. */
  mode: z.literal('trial', P.paidThroughCheckout),
  bookingDate: localDateSchema,
  slotLabel: slotLabelSchema,
  viewerZone: timeZoneSchema,
  lessonMinutes: lessonMinutesSchema,
  notes: z._default(
    z.string().check(z.trim(), z.maxLength(MAX_BOOKING_NOTES_LENGTH, M.notesTooLong)),
    '',
  ),
});
export type BookLessonInput = z.input<typeof bookLessonSchema>;

/**
 * A new time for a lesson, chosen like a booking: the viewer's date and a slot label from the
 * lesson's own slot list. The length stays the lesson's; the student moves it, the tutor proposes it.
 */
export const rescheduleLessonSchema = z.object({
  bookingDate: localDateSchema,
  slotLabel: slotLabelSchema,
  viewerZone: timeZoneSchema,
  reason: z._default(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(MAX_RESCHEDULE_REASON_LENGTH, M.reasonTooLong)),
      z.transform((reason: string) => reason || DEFAULT_RESCHEDULE_REASON),
    ),
    DEFAULT_RESCHEDULE_REASON,
  ),
});

export const saveNotesSchema = z.object({
  html: z.string().check(z.maxLength(MAX_NOTES_HTML_LENGTH, M.notesHtmlTooLong)),
});

/** Slots grouped by the viewer's date, every date of the range (times are UTC ISO). */
const slotsResponse = z.object({
  /** The tutor's own zone (the slots are already in the viewer's). */
  tutorTimezone: z.string(),
  days: z.array(
    z.object({
      dateStr: z.string(),
      localDow: z.int(),
      slots: z.array(
        z.object({
          startTime: z.string(),
          endTime: z.string(),
          /** 'HH:MM-HH:MM' on the viewer's clock: what a booking sends back as slotLabel. */
          slotLabel: z.string(),
          period: z.enum(['morning', 'afternoon', 'evening']),
        }),
      ),
    }),
  ),
});
export type SlotsResponse = z.infer<typeof slotsResponse>;

const trialEligibilityResponse = z.object({
  eligible: z.boolean(),
  /** The student's trial with this tutor while it is booked and not over (UTC ISO); else null. */
  upcomingTrial: z.nullable(z.object({ startTime: z.string(), endTime: z.string() })),
});
export type TrialEligibility = z.infer<typeof trialEligibilityResponse>;

const person = z.object({
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
});

/**
 * A tutor's request to move the lesson (ADR 032), while it matters: waiting (`open`), declined,
 * or left unanswered until the start (the lesson kept its time; the student may cancel free).
 */
const moveRequest = z.object({
  state: z.enum(['open', 'declined', 'unanswered']),
  /** UTC ISO instants of the proposed time. */
  startTime: z.string(),
  endTime: z.string(),
  reason: z.nullable(z.string()),
  requestedAt: z.string(),
});
export type MoveRequest = z.infer<typeof moveRequest>;

/** A lesson as either party sees it (notes and reschedule come with their own calls). */
export const lesson = z.object({
  id: z.string(),
  tutorProfileId: z.string(),
  tutor: person,
  student: person,
  subject: z.string(),
  isTrial: z.boolean(),
  status: z.enum(LESSON_STATUSES),
  /** UTC ISO instants of the lesson: it ends at its length, not at its slot's end (ADR 026). */
  startTime: z.string(),
  endTime: z.string(),
  durationMinutes: z.int(),
  /** The zone the student booked in. */
  timezone: z.string(),
  priceCents: z.int(),
  currency: z.string(),
  meetingUrl: z.nullable(z.string()),
  /** The student's notes (sanitized HTML): theirs to edit, the tutor's to read. */
  studentNotes: z.string(),
  /** The tutor's preparation notes (sanitized HTML); null for the student, who never sees them. */
  tutorPrepNotes: z.nullable(z.string()),
  /** UTC ISO start of the lesson this one replaced (it was moved from there); null if none. */
  movedFrom: z.nullable(z.string()),
  moveRequest: z.nullable(moveRequest),
});
export type Lesson = z.infer<typeof lesson>;

const lessonResponse = z.object({ lesson });
const upcomingLessonsResponse = z.object({ lessons: z.array(lesson) });

/** An image placed in lesson notes: its signed URL, ready for <img src>. */
const noteImageResponse = z.object({ url: z.string() });

const LESSON_NOT_FOUND = [...SIGNED_IN_ERRORS, 'NOT_FOUND'] as const;

export const getSlots = defineEndpoint({
  method: 'GET',
  path: '/api/tutors/:id/slots',
  params: idParams,
  query: slotsQuerySchema,
  status: 200,
  response: slotsResponse,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS, 'NOT_FOUND'],
});

export const getTrialEligibility = defineEndpoint({
  method: 'GET',
  path: '/api/tutors/:id/trial-eligibility',
  params: idParams,
  status: 200,
  response: trialEligibilityResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});

/** Books a free trial; 409 SLOT_TAKEN when the slot was taken meanwhile, TRIAL_USED after one. */
export const bookLesson = defineEndpoint({
  method: 'POST',
  path: '/api/lessons',
  body: bookLessonSchema,
  status: 201,
  response: lessonResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'SLOT_TAKEN', 'TRIAL_USED'],
});

export const getUpcomingLessons = defineEndpoint({
  method: 'GET',
  path: '/api/lessons/upcoming',
  query: z.object({ days: dayCount(DEFAULT_UPCOMING_DAYS) }),
  status: 200,
  response: upcomingLessonsResponse,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS],
});

export const getLesson = defineEndpoint({
  method: 'GET',
  path: '/api/lessons/:id',
  params: idParams,
  status: 200,
  response: lessonResponse,
  errors: ['VALIDATION_FAILED', ...LESSON_NOT_FOUND],
});

export const getRescheduleSlots = defineEndpoint({
  method: 'GET',
  path: '/api/lessons/:id/slots',
  params: idParams,
  query: rescheduleSlotsQuerySchema,
  status: 200,
  response: slotsResponse,
  errors: ['VALIDATION_FAILED', ...LESSON_NOT_FOUND],
});

/**
 * The student moves the lesson at once (a tutor proposes instead: FORBIDDEN). Answers the new
 * lesson; the old one is canceled, both in one transaction.
 */
export const rescheduleLesson = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/reschedule',
  params: idParams,
  body: rescheduleLessonSchema,
  status: 201,
  response: lessonResponse,
  errors: [
    'VALIDATION_FAILED',
    ...LESSON_NOT_FOUND,
    'FORBIDDEN',
    'SLOT_TAKEN',
    'CANNOT_RESCHEDULE',
  ],
});

const MOVE_ERRORS = ['VALIDATION_FAILED', ...LESSON_NOT_FOUND, 'FORBIDDEN'] as const;

/**
 * The lesson's tutor proposes a new time (chosen as a move is); the lesson keeps its time until
 * the student accepts. Answers the lesson with its open request.
 */
export const proposeMove = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/move-request',
  params: idParams,
  body: rescheduleLessonSchema,
  status: 201,
  response: lessonResponse,
  errors: [...MOVE_ERRORS, 'SLOT_TAKEN', 'CANNOT_RESCHEDULE', 'MOVE_REQUEST_OPEN'],
});

/** The lesson's tutor withdraws the waiting request; the lesson keeps its time. */
export const withdrawMove = defineEndpoint({
  method: 'DELETE',
  path: '/api/lessons/:id/move-request',
  params: idParams,
  status: 200,
  response: lessonResponse,
  errors: [...MOVE_ERRORS, 'MOVE_REQUEST_CLOSED'],
});

/**
 * The lesson's student accepts the new time: the lesson moves (checked as a move is). Answers
 * the lesson it became; SLOT_TAKEN when that time was taken meanwhile (the request stays open).
 */
export const acceptMove = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/move-request/accept',
  params: idParams,
  status: 201,
  response: lessonResponse,
  errors: [...MOVE_ERRORS, 'SLOT_TAKEN', 'CANNOT_RESCHEDULE', 'MOVE_REQUEST_CLOSED'],
});

/** The lesson's student declines the new time: the lesson keeps its time. */
export const declineMove = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/move-request/decline',
  params: idParams,
  status: 200,
  response: lessonResponse,
  errors: [...MOVE_ERRORS, 'MOVE_REQUEST_CLOSED'],
});

/** The student writes studentNotes, the tutor tutorPrepNotes: the server knows whose. */
export const saveNotes = defineEndpoint({
  method: 'PUT',
  path: '/api/lessons/:id/notes',
  params: idParams,
  body: saveNotesSchema,
  status: 200,
  response: lessonResponse,
  /** CONFLICT: the lesson was canceled (or never booked): its notes are closed. */
  errors: ['VALIDATION_FAILED', 'BAD_REQUEST', ...LESSON_NOT_FOUND, 'FORBIDDEN', 'CONFLICT'],
});

export const uploadNoteImage = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/notes/images',
  summary: 'An image for lesson notes (JPEG, PNG or WebP, at most 5 MB; multipart field "file")',
  params: idParams,
  body: MULTIPART,
  status: 201,
  response: noteImageResponse,
  errors: [
    'VALIDATION_FAILED',
    'BAD_REQUEST',
    ...LESSON_NOT_FOUND,
    'FORBIDDEN',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'RATE_LIMITED',
  ],
});
