import type { Transaction } from 'kysely';
import { DEFAULT_RESCHEDULE_REASON } from '../../../domain/booking/booking-rules';
import type { JobData } from '../../adapters/jobs/define-job';
import { moveRequestEmail } from '../../adapters/mail/move-request-emails';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { DB } from '../../db/types';
import type { NoticeContext } from './lesson-booked-notice';
import { classroomFacts } from './lesson-reminders';
import { lessonReminderFacts, movedLesson } from './lessons.repository';
import { LESSON_JOBS } from './lessons.jobs';
import { requestFacts } from './move-requests.repository';

// The email of a move request's step (ADR 032), a job written in the transaction that took the
// step (ADR 014): to the student when the tutor asks or withdraws, to the tutor when the student
// answers. One job per request and step, so a retry never mails twice.

type MoveRequestJob = JobData<typeof LESSON_JOBS.moveRequest>;

export function noteMoveRequest(jobs: JobQueue, trx: Transaction<DB>, job: MoveRequestJob) {
  return jobs.send(LESSON_JOBS.moveRequest, job, { key: `${job.requestId}:${job.event}` }, trx);
}

export async function sendMoveRequestNotice(ctx: NoticeContext, job: MoveRequestJob) {
  const request = await requestFacts(ctx.db, job.requestId);
  if (!request) return;
  // Accepted: the lesson it became, whose time is the new one.
  const lessonId = job.event === 'accepted' ? request.moved_to : request.lesson_id;
  const row = lessonId ? await lessonReminderFacts(ctx.db, lessonId) : undefined;
  if (!row) return;
  const previous =
    job.event === 'accepted' && row.rescheduled_from
      ? (await movedLesson(ctx.db, row.rescheduled_from))?.starts_at
      : request.lesson_starts_at;
  const reason = request.reason.trim();
  const recipient = job.event === 'requested' || job.event === 'withdrawn' ? 'student' : 'tutor';
  await ctx.mailer.send(
    moveRequestEmail({
      ...classroomFacts(ctx, row, recipient),
      event: job.event,
      proposedStartsAt: request.starts_at,
      previousStartsAt: previous ?? request.lesson_starts_at,
      ...(reason && reason !== DEFAULT_RESCHEDULE_REASON && { reason }),
    }),
  );
}
