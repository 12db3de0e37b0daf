import { z } from 'zod';
import { LESSON_STATUSES } from '../domain/booking/booking-rules';

// Wire shapes of booking and lessons:
//   GET  /api/tutors/:id/slots?fromDate&days&lessonMinutes&viewerZone   -> slotsResponse
//   GET  /api/tutors/:id/trial-eligibility                              -> trialEligibilityResponse
//   POST /api/lessons (bookLessonSchema in domain/booking)               -> 201 lessonResponse
//   GET  /api/lessons/upcoming?days                                     -> upcomingLessonsResponse
//   GET  /api/lessons/:id                                               -> lessonResponse
//   GET  /api/lessons/:id/slots?fromDate&days&viewerZone                 -> slotsResponse
//   POST /api/lessons/:id/reschedule (rescheduleLessonSchema)            -> 201 lessonResponse
//        (the new lesson; the old one is canceled, both in one transaction)
//   PUT  /api/lessons/:id/notes { html } (saveNotesSchema)               -> lessonResponse
//        (the student writes studentNotes, the tutor tutorPrepNotes)
//   POST /api/lessons/:id/notes/images (multipart "file")                -> 201 noteImageResponse

/** The spec's availability day: slots grouped by the viewer's date (times are UTC ISO). */
export const slotsResponse = z.object({
  /** The tutor's own zone (the slots are already in the viewer's). */
  tutorTimezone: z.string(),
  days: z.array(
    z.object({
      date_str: z.string(),
      local_dow: z.number().int(),
      slots: z.array(
        z.object({
          start_time: z.string(),
          end_time: z.string(),
          slot_time: z.string(),
          period: z.enum(['morning', 'afternoon', 'evening']),
        }),
      ),
    }),
  ),
});
export type SlotsResponse = z.infer<typeof slotsResponse>;

export const trialEligibilityResponse = z.object({ eligible: z.boolean() });

const person = z.object({
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

/** A lesson as either party sees it (notes and reschedule come with their own calls). */
export const lesson = z.object({
  id: z.string(),
  tutorProfileId: z.string(),
  tutor: person,
  student: person,
  subject: z.string(),
  isTrial: z.boolean(),
  status: z.enum(LESSON_STATUSES),
  /** UTC ISO instants of the booked slot. */
  startTime: z.string(),
  endTime: z.string(),
  durationMinutes: z.number().int(),
  /** The zone the student booked in. */
  timezone: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  meetingUrl: z.string().nullable(),
  /** The student's notes (sanitized HTML): theirs to edit, the tutor's to read. */
  studentNotes: z.string(),
  /** The tutor's preparation notes (sanitized HTML); null for the student, who never sees them. */
  tutorPrepNotes: z.string().nullable(),
});
export type Lesson = z.infer<typeof lesson>;

export const lessonResponse = z.object({ lesson });
export const upcomingLessonsResponse = z.object({ lessons: z.array(lesson) });

/** An image placed in lesson notes: its signed URL, ready for <img src>. */
export const noteImageResponse = z.object({ url: z.string() });
