import type { Transaction } from 'kysely';
import {
  REMINDER_KINDS,
  reminderDueAt,
  reminderIsTimely,
  reminderStillAhead,
  type ReminderKind,
} from '../../../domain/booking/reminders';
import { lessonRoomUrl } from '../../../domain/booking/classroom';
import { DEFAULT_RESCHEDULE_REASON } from '../../../domain/booking/booking-rules';
import { jobSend, type JobQueue, type JobSend } from '../../adapters/jobs/job-queue';
import {
  lessonReminderEmail,
  lessonRescheduledEmail,
  type ClassroomFacts,
  type LessonRole,
} from '../../adapters/mail/lesson-reminder-emails';
import type { DB } from '../../db/types';
import { mayEmail } from '../email-settings/email-settings';
import type { NoticeContext } from './lesson-booked-notice';
import { lessonReminderFacts, movedLesson } from './lessons.repository';
import { LESSON_JOBS } from './lessons.jobs';
import type { JobData } from '../../adapters/jobs/define-job';

// Reminders 24 h and 1 h before each lesson, and the notice of a move, as jobs written in the
// transaction that booked or moved the lesson (ADR 014): they exist only if it commits, survive
// a restart, and each goes to one worker of one process. One job per email (its key: lesson,
// reminder, recipient), so a retry after a failed send never repeats the other party's mail.
//
// The queue starts a job by the database's clock; the app's own clock (ctx.clock) may differ
// (tests fix it). So each handler checks, by the app's clock and the lesson's row, that its mail
// is still right — the lesson still booked at the time it was booked for, the moment come and
// not past — and otherwise does nothing.

const ROLES: LessonRole[] = ['student', 'tutor'];
/** Statuses of a lesson that is going to take place (pending: its payment still settling). */
const BOOKED = new Set(['pending', 'scheduled']);

type ReminderJob = JobData<typeof LESSON_JOBS.reminder>;
type RescheduledJob = JobData<typeof LESSON_JOBS.rescheduled>;

const reminderKey = (lessonId: string, kind: ReminderKind, recipient: LessonRole) =>
  `${lessonId}:${kind}:${recipient}`;

/** Queues a lesson's reminders whose moment is still ahead at `now` (the app's clock). */
export function scheduleLessonReminders(
  jobs: JobQueue,
  trx: Transaction<DB>,
  lesson: { id: string; startsAt: Date },
  now: Date,
) {
  return jobs.sendAll(lessonReminderJobs(lesson, now), trx);
}

/** A lesson's reminder jobs whose moment is still ahead at `now`, to send with other jobs. */
export function lessonReminderJobs(lesson: { id: string; startsAt: Date }, now: Date): JobSend[] {
  return REMINDER_KINDS.filter((kind) => reminderStillAhead(kind, lesson.startsAt, now)).flatMap(
    (kind) =>
      ROLES.map((recipient) => {
        const job: ReminderJob = {
          lessonId: lesson.id,
          kind,
          recipient,
          startsAt: lesson.startsAt.toISOString(),
        };
        return jobSend(LESSON_JOBS.reminder, job, {
          startAfter: reminderDueAt(kind, lesson.startsAt),
          key: reminderKey(lesson.id, kind, recipient),
        });
      }),
  );
}

/**
 * Drops a lesson's reminders that have not gone out (it was canceled or moved). Call it in the
 * transaction that cancels the lesson: if that rolls back, the reminders stay.
 */
export function dropLessonReminders(jobs: JobQueue, trx: Transaction<DB>, lessonId: string) {
  const keys = REMINDER_KINDS.flatMap((kind) =>
    ROLES.map((recipient) => reminderKey(lessonId, kind, recipient)),
  );
  return jobs.cancel(LESSON_JOBS.reminder, keys, trx);
}

/** Queues the notice of a move to the party who did not make it. */
export function noteLessonRescheduled(jobs: JobQueue, trx: Transaction<DB>, move: RescheduledJob) {
  return jobs.send(LESSON_JOBS.rescheduled, move, { key: move.lessonId }, trx);
}

export async function sendLessonReminder(ctx: NoticeContext, job: ReminderJob) {
  const row = await lessonReminderFacts(ctx.db, job.lessonId);
  if (!row || !BOOKED.has(row.status)) return;
  if (row.starts_at.toISOString() !== job.startsAt) return;
  if (!reminderIsTimely(job.kind, row.starts_at, ctx.clock.now())) return;
  const recipientId = job.recipient === 'student' ? row.student_id : row.tutor_user_id;
  // Checked when it goes out, not when queued: turning reminders off stops those already queued.
  if (!(await mayEmail(ctx.db, recipientId, 'lesson_reminders'))) return;
  await ctx.mailer.send(lessonReminderEmail(classroomFacts(ctx, row, job.recipient), job.kind));
}

export async function sendRescheduledNotice(ctx: NoticeContext, job: RescheduledJob) {
  const row = await lessonReminderFacts(ctx.db, job.lessonId);
  if (!row?.rescheduled_from) return;
  const previous = await movedLesson(ctx.db, row.rescheduled_from);
  if (!previous) return;
  // The other party: the tutor when the student moved it, else the student.
  const recipient: LessonRole = job.movedBy === row.student_id ? 'tutor' : 'student';
  const reason = previous.cancel_reason?.trim();
  await ctx.mailer.send(
    lessonRescheduledEmail({
      ...classroomFacts(ctx, row, recipient),
      previousStartsAt: previous.starts_at,
      ...(reason && reason !== DEFAULT_RESCHEDULE_REASON && { reason }),
    }),
  );
}

type FactsRow = NonNullable<Awaited<ReturnType<typeof lessonReminderFacts>>>;

export function classroomFacts(
  ctx: NoticeContext,
  row: FactsRow,
  role: LessonRole,
): ClassroomFacts {
  const student = {
    name: row.student_name,
    email: row.student_email,
    // The zone they booked in, when their account has none.
    timezone: row.student_timezone ?? row.timezone,
  };
  const tutor = { name: row.tutor_name, email: row.tutor_email, timezone: row.tutor_timezone };
  return {
    publicUrl: ctx.env.PUBLIC_URL,
    lessonId: row.id,
    recipient: role === 'student' ? student : tutor,
    recipientRole: role,
    otherName: role === 'student' ? tutor.name : student.name,
    subject: row.subject,
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    meetingUrl: lessonRoomUrl({ id: row.id, meetingUrl: row.meeting_url }, ctx.env.PUBLIC_URL),
    sentAt: ctx.clock.now(),
  };
}
