import type { Transaction } from 'kysely';
import {
  lessonCanceledEmail,
  noShowReportedEmail,
  ownCancellationEmail,
} from '../../adapters/mail/cancellation-emails';
import { sendOnce } from '../../adapters/mail/mailer';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { DB } from '../../db/types';
import type { JobData } from '../../adapters/jobs/define-job';
import { LESSON_JOBS } from './lessons.jobs';
import { findLessonWithMoney, storedSettlement } from './cancellation.repository';
import { lessonMailFacts, type NoticeContext } from './lesson-booked-notice';

// The other party's email when a lesson is canceled or a no-show reported, and a student's own
// record of their cancel: a job written in the deciding transaction, keyed by the lesson, so it
// runs only if that committed; each email is recorded with its send (sendOnce), so a rerun after
// a crash sends only the rest.

type CanceledJob = JobData<typeof LESSON_JOBS.canceled>;

export const noteLessonCanceled = (
  jobs: JobQueue,
  trx: Transaction<DB>,
  kind: CanceledJob['kind'],
  lessonId: string,
) => jobs.send(LESSON_JOBS.canceled, { kind, lessonId }, { key: `${kind}-${lessonId}` }, trx);

export async function sendLessonCanceledEmail(ctx: NoticeContext, job: CanceledJob) {
  const [lesson, row] = await Promise.all([
    lessonMailFacts(ctx, job.lessonId),
    findLessonWithMoney(ctx.db, job.lessonId),
  ]);
  if (!lesson || !row) return;
  // Who acted: who canceled, or who reported the other absent.
  const studentActed =
    job.kind === 'canceled' ? row.canceled_by === row.student_id : row.no_show_party === 'tutor';
  const facts = {
    ...lesson,
    actor: studentActed ? 'student' : 'tutor',
    reason: job.kind === 'canceled' ? row.cancel_reason || null : null,
    settlement: storedSettlement(row),
    refundCents: row.refund_cents,
  } as const;
  const messages =
    job.kind === 'no_show'
      ? [noShowReportedEmail(facts)]
      : [lessonCanceledEmail(facts), ...(studentActed ? [ownCancellationEmail(facts)] : [])];
  for (const message of messages)
    await sendOnce(
      ctx,
      `${LESSON_JOBS.canceled.name}:${job.kind}:${job.lessonId}:${message.to}`,
      message,
    );
}
