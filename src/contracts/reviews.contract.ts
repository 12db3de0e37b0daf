import { z } from 'zod/mini';
import { REVIEW_MESSAGES as M } from '../domain/messages';
import {
  cleanReviewText,
  MAX_RATING,
  MIN_RATING,
  REPLY_TEXT_MAX,
  REPLY_TEXT_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  textProblem,
} from '../domain/reviews/review-rules';
import { defineEndpoint, idParams, ROLE_ERRORS } from './endpoint';
import { nextPageFields, pageNumberSchema } from './paging';

// Reviews after a completed lesson (ADR 019): the lesson's student writes one and may edit it for
// a while; the lesson's tutor replies once. The student's pending prompts and the tutor's list of
// reviews are read here too; the public reviews are read with the tutor's profile.

/** A text cleaned (trimmed) and checked against the limits, each mistake with its message. */
const reviewText = (min: number, max: number) =>
  z
    .pipe(
      z.string(M.textTooShort(min)).check(z.maxLength(max * 2, M.textTooLong(max))),
      z.transform(cleanReviewText),
    )
    .check(
      z.superRefine((text, context) => {
        const problem = textProblem(text, min, max);
        const message = {
          tooShort: M.textTooShort(min),
          tooLong: M.textTooLong(max),
          control: M.invalidCharacters,
          markup: M.plainTextOnly,
        };
        if (problem) context.addIssue({ code: 'custom', message: message[problem] });
      }),
    );

export const reviewInputSchema = z.object({
  rating: z
    .int(M.ratingRequired)
    .check(z.gte(MIN_RATING, M.ratingRequired), z.lte(MAX_RATING, M.ratingRequired)),
  text: reviewText(REVIEW_TEXT_MIN, REVIEW_TEXT_MAX),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const replyInputSchema = z.object({ text: reviewText(REPLY_TEXT_MIN, REPLY_TEXT_MAX) });
export type ReplyInput = z.input<typeof replyInputSchema>;

/** A review as its writer and the tutor see it (UTC ISO times). */
export const lessonReview = z.object({
  id: z.string(),
  lessonId: z.string(),
  rating: z.int(),
  text: z.string(),
  /** First name and last initial. */
  studentName: z.string(),
  tutorName: z.string(),
  subject: z.string(),
  lessonStartTime: z.string(),
  createdAt: z.string(),
  /** Until when the student may still edit it. */
  editableUntil: z.string(),
  reply: z.nullable(z.object({ text: z.string(), createdAt: z.string() })),
});
export type LessonReview = z.infer<typeof lessonReview>;

/** A completed lesson the student has not reviewed yet. */
const reviewPrompt = z.object({
  lessonId: z.string(),
  tutorName: z.string(),
  subject: z.string(),
  startTime: z.string(),
});
export type ReviewPrompt = z.infer<typeof reviewPrompt>;

const reviewResponse = z.object({ review: lessonReview });

export const createReview = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/review',
  params: idParams,
  body: reviewInputSchema,
  status: 201,
  response: reviewResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

export const updateReview = defineEndpoint({
  method: 'PUT',
  path: '/api/lessons/:id/review',
  params: idParams,
  body: reviewInputSchema,
  status: 200,
  response: reviewResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

export const replyToReview = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/review/reply',
  params: idParams,
  body: replyInputSchema,
  status: 201,
  response: reviewResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

/** The student's completed lessons still to review (newest first, a few) and their recent reviews. */
export const getMyReviews = defineEndpoint({
  method: 'GET',
  path: '/api/student/reviews',
  status: 200,
  response: z.object({
    prompts: z.array(reviewPrompt),
    /** Reviews the student can still edit, newest first. */
    editable: z.array(lessonReview),
  }),
  errors: ROLE_ERRORS,
});

/** The signed-in tutor's reviews, newest first, a page at a time. */
export const getTutorReviews = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/reviews',
  query: z.object({ page: pageNumberSchema }),
  status: 200,
  response: z.object({
    reviews: z.array(lessonReview),
    ...nextPageFields,
  }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});
