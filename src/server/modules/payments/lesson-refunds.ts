import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { LessonListener } from '../lessons/lesson-events';
import { queueRefund } from './refunds';

/**
 * Payments' part when a party cancels a lesson or reports the other absent: what the policy
 * gives back is refunded by a job written in that transaction, once per lesson.
 */
export const refundSettledLessons =
  (jobs: JobQueue): LessonListener =>
  async (trx, event) => {
    if (event.type !== 'canceled' && event.type !== 'no_show') return;
    if (event.refundCents <= 0 || !event.paymentId) return;
    await queueRefund(jobs, trx, {
      paymentId: event.paymentId,
      amountCents: event.refundCents,
      reason: event.refundReason,
      key: `lesson-refund-${event.lessonId}`,
      lessonId: event.lessonId,
    });
  };
