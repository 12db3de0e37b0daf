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
import type { JobQueue } from '../../adapters/jobs/job-queue';
import {
  lessonReminderEmail,
  lessonRescheduledEmail,
  type ClassroomFacts,
  type LessonRole,
} from '../../adapters/mail/lesson-reminder-emails';
import type { DB } from '../../db/types';
import type { NoticeContext } from './lesson-booked-notice';
import { lessonReminderFacts, movedLesson } from './lessons.repository';

// Reminders 24 h and 1 h before each lesson, and the notice of a move, as jobs written in the
// transaction that booked or moved the lesson (ADR 014): they exist only if it commits, survive
// a restart, and each goes to one worker of one process. One job per email (its key: lesson,
// reminder, recipient), so a retry after a failed send never repeats the other party's mail.
//
// The queue starts a job by the database's clock; the app's own clock (ctx.clock) may differ
// (tests fix it). So each handler checks, by the app's clock and the lesson's row, that its mail
// is still right — the lesson still booked at the time it was booked for, the moment come and
// not past — and otherwise does nothing.

export const LESSON_REMINDER_JOB = 'lessons.reminder';
export const LESSON_RESCHEDULED_JOB = 'lessons.rescheduled';

const ROLES: LessonRole[] = ['student', 'tutor'];
/** Statuses of a lesson that is going to take place (pending: its payment still settling). */
const BOOKED = new Set(['pending', 'scheduled']);

interface ReminderJob {
  lessonId: string;
  kind: ReminderKind;
  recipient: LessonRole;
  /** The start it was scheduled for (ISO): a lesson at another time by now is not reminded. */
  startsAt: string;
}

const reminderKey = (lessonId: string, kind: ReminderKind, recipient: LessonRole) =>
  `${lessonId}:${kind}:${recipient}`;

/** Queues a lesson's reminders whose moment is still ahead at `now` (the app's clock). */
export async function scheduleLessonReminders(
  jobs: JobQueue,
  trx: Transaction<DB>,
  lesson: { id: string; startsAt: Date },
  now: Date,
) {
  for (const kind of REMINDER_KINDS) {
    if (!reminderStillAhead(kind, lesson.startsAt, now)) continue;
    for (const recipient of ROLES) {
      const job: ReminderJob = {
        lessonId: lesson.id,
        kind,
        recipient,
        startsAt: lesson.startsAt.toISOString(),
      };
      await jobs.send(
        LESSON_REMINDER_JOB,
        job,
        {
          startAfter: reminderDueAt(kind, lesson.startsAt),
          key: reminderKey(lesson.id, kind, recipient),
        },
        trx,
      );
    }
  }
}

/**
 * Drops a lesson's reminders that have not gone out (it was canceled or moved). Call it in the
 * transaction that cancels the lesson: if that rolls back, the reminders stay.
 */
export function dropLessonReminders(jobs: JobQueue, trx: Transaction<DB>, lessonId: string) {
  const keys = REMINDER_KINDS.flatMap((kind) =>
    ROLES.map((recipient) => reminderKey(lessonId, kind, recipient)),
  );
  return jobs.cancel(LESSON_REMINDER_JOB, keys, trx);
}

/** Queues the notice of a move to the party who did not make it. */
export function noteLessonRescheduled(
  jobs: JobQueue,
  trx: Transaction<DB>,
  move: { lessonId: string; movedBy: string },
) {
  return jobs.send(LESSON_RESCHEDULED_JOB, move, { key: move.lessonId }, trx);
}

export async function sendLessonReminder(ctx: NoticeContext, job: ReminderJob) {
  const row = await lessonReminderFacts(ctx.db, job.lessonId);
  if (!row || !BOOKED.has(row.status)) return;
  if (row.starts_at.toISOString() !== job.startsAt) return;
  if (!reminderIsTimely(job.kind, row.starts_at, ctx.clock.now())) return;
  await ctx.mailer.send(lessonReminderEmail(classroomFacts(ctx, row, job.recipient), job.kind));
}

export async function sendRescheduledNotice(
  ctx: NoticeContext,
  job: { lessonId: string; movedBy: string },
) {
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

/** The workers of the reminder and move notice jobs (started once per process, with the app). */
export async function startLessonWorkers(ctx: NoticeContext) {
  await ctx.jobs.work(LESSON_REMINDER_JOB, (job: ReminderJob) => sendLessonReminder(ctx, job));
  await ctx.jobs.work(LESSON_RESCHEDULED_JOB, (job: { lessonId: string; movedBy: string }) =>
    sendRescheduledNotice(ctx, job),
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
