import { z } from 'zod/mini';
import { LESSON_HISTORY_MESSAGES as M } from '../domain/messages/lesson-history';
import { lesson } from './booking.contract';
import { defineEndpoint, ROLE_ERRORS, SIGNED_IN_ERRORS } from './endpoint';
import { pageInfoFields, pageNumberSchema } from './paging';

// What happened before now: the signed-in user's past and canceled lessons (My Lessons) and a
// tutor's students (My Students). Both are paged on the server, 1-based.

/** One page of lessons that ended or were canceled, newest first (either party's). */
const pastLessonsResponse = z.object({ lessons: z.array(lesson), ...pageInfoFields });

/** A student a tutor has lessons with (booked ones: not canceled, on hold or lapsed). */
const tutorStudent = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  /** Booked lessons with this tutor, past and coming. */
  lessonsCount: z.int(),
  /** UTC ISO start of the soonest lesson that has not ended; null when none is booked. */
  nextLessonAt: z.nullable(z.string()),
  /** UTC ISO start of the latest lesson that has ended; null before the first one. */
  lastLessonAt: z.nullable(z.string()),
});
export type TutorStudent = z.infer<typeof tutorStudent>;

/** Students with a coming lesson first (soonest first), then the others by their last lesson. */
const myStudentsResponse = z.object({ students: z.array(tutorStudent), ...pageInfoFields });

export const getPastLessons = defineEndpoint({
  method: 'GET',
  path: '/api/lessons/past',
  query: z.object({ page: pageNumberSchema }),
  status: 200,
  response: pastLessonsResponse,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS],
});

export const getMyStudents = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/students',
  query: z.object({
    page: pageNumberSchema,
    /** A part of the student's name, whatever the case (the sidebar's search). */
    q: z._default(z.string(M.searchTooLong).check(z.trim(), z.maxLength(100, M.searchTooLong)), ''),
  }),
  status: 200,
  response: myStudentsResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});
