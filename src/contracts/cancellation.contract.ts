import { z } from 'zod/mini';
import { CANCELLATION_POLICY } from '../domain/booking/cancellation-policy';
import { CANCELLATION_MESSAGES as C } from '../domain/messages';
import { lesson } from './booking.contract';
import { defineEndpoint, idParams, SIGNED_IN_ERRORS } from './endpoint';

// Canceling a lesson and reporting a no-show (issue 14, ADR 018): what canceling would do,
// asked before confirming; the cancel itself; the report after the lesson. Either party of the
// lesson may call them; anyone else is told the lesson does not exist.

const SETTLEMENTS = [
  'refund',
  'credit_returns',
  'no_refund',
  'credit_forfeited',
  'nothing',
] as const;

/** What happens to the money or the package credit, with one sentence for the reader. */
const settlement = z.object({
  settlement: z.enum(SETTLEMENTS),
  refundCents: z.int(),
  currency: z.string(),
  message: z.string(),
});

export const cancellationQuoteResponse = z.extend(settlement, {
  canCancel: z.boolean(),
  reasonRequired: z.boolean(),
});
export type CancellationQuoteResponse = z.infer<typeof cancellationQuoteResponse>;

/** Why: required from the tutor (the server checks who asks), optional for the student. */
export const cancelLessonSchema = z.object({
  reason: z._default(
    z
      .string(C.reasonRequired)
      .check(
        z.trim(),
        z.maxLength(
          CANCELLATION_POLICY.maxReasonLength,
          C.reasonTooLong(CANCELLATION_POLICY.maxReasonLength),
        ),
      ),
    '',
  ),
});

const cancelLessonResponse = z.object({
  lesson,
  cancellation: z.extend(settlement, { canceledBy: z.enum(['student', 'tutor']) }),
});
export type CancelLessonResponse = z.infer<typeof cancelLessonResponse>;

const noShowResponse = z.object({
  lesson,
  noShow: z.extend(settlement, {
    absent: z.enum(['student', 'tutor']),
    reportedAt: z.string(),
  }),
});
export type NoShowResponse = z.infer<typeof noShowResponse>;

const LESSON_NOT_FOUND = [...SIGNED_IN_ERRORS, 'NOT_FOUND'] as const;

export const getCancellationQuote = defineEndpoint({
  method: 'GET',
  path: '/api/lessons/:id/cancellation',
  params: idParams,
  status: 200,
  response: cancellationQuoteResponse,
  errors: ['VALIDATION_FAILED', ...LESSON_NOT_FOUND],
});

/** Cancels once; asking again answers the same result and gives nothing more back. */
export const cancelLesson = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/cancel',
  params: idParams,
  body: cancelLessonSchema,
  status: 200,
  response: cancelLessonResponse,
  errors: ['VALIDATION_FAILED', ...LESSON_NOT_FOUND, 'FORBIDDEN', 'CANNOT_CANCEL'],
});

/** After the end, within 48 h: the caller reports the other party absent. */
export const reportNoShow = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/no-show',
  params: idParams,
  status: 200,
  response: noShowResponse,
  errors: [
    'VALIDATION_FAILED',
    ...LESSON_NOT_FOUND,
    'FORBIDDEN',
    'CANNOT_REPORT_NO_SHOW',
    'NO_SHOW_ALREADY_REPORTED',
    'LESSON_REVIEWED',
  ],
});
