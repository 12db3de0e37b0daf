import type { Transaction } from 'kysely';
import { lessonBookedEmails, refundEmail } from '../../adapters/mail/booking-emails';
import { jobSend, type JobQueue } from '../../adapters/jobs/job-queue';
import { sendOnce, type Mailer } from '../../adapters/mail/mailer';
import type { DB } from '../../db/types';
import type { LessonEvents } from './lesson-events';
import type { LessonsContext } from './lessons-context';
import { lessonReminderJobs } from './lesson-reminders';
import { lessonMailFactsRow } from './lessons.repository';
import { packageCredits } from './package-credits.repository';
import { LESSON_JOBS } from './lessons.jobs';

// The booking confirmation for any newly booked lesson — a free trial, a paid lesson, a package's
// first lesson or one scheduled from its credits — to the student and the tutor, each with the
// lesson's .ics. Written as a job in the booking's own transaction (keyed by the lesson), so it
// is sent once, by whichever process runs it, and only if the booking committed.

export interface NoticeContext extends LessonsContext {
  jobs: JobQueue;
  mailer: Mailer;
  /** Where lessons announce what happened to them (payments and notifications listen). */
  lessonEvents: LessonEvents;
  env: { PUBLIC_URL: string; MEETING_URL_TEMPLATE?: string | undefined };
}

/**
 * `now` is the app's clock: a reminder whose moment has already passed is not queued. The
 * confirmation and the reminders go in one insert.
 */
export async function noteLessonBooked(
  ctx: Pick<NoticeContext, 'jobs' | 'lessonEvents'>,
  trx: Transaction<DB>,
  lesson: { id: string; startsAt: Date },
  now: Date,
) {
  await ctx.jobs.sendAll(
    [
      jobSend(LESSON_JOBS.booked, { lessonId: lesson.id }, { key: lesson.id }),
      ...lessonReminderJobs(lesson, now),
    ],
    trx,
  );
  // The tutor's bell too (notifications listens), in the same transaction.
  await ctx.lessonEvents.announce(trx, { type: 'booked', lessonId: lesson.id, at: now });
}

export async function sendLessonBookedEmails(ctx: NoticeContext, lessonId: string) {
  const facts = await lessonMailFacts(ctx, lessonId);
  // Each recorded as sent with its send: a rerun after a crash sends only the rest.
  if (facts)
    for (const message of lessonBookedEmails(facts))
      await sendOnce(ctx, `${LESSON_JOBS.booked.name}:${lessonId}:${message.to}`, message);
}

/** The refund notice for the purchase a lesson belonged to, with the amount given back. */
export async function sendRefundEmail(
  ctx: NoticeContext,
  lessonId: string,
  refund: { amountCents: number; reason: string },
) {
  const facts = await lessonMailFacts(ctx, lessonId);
  const message = facts && refundEmail({ ...facts, ...refund });
  if (message) await sendOnce(ctx, `refund:${lessonId}:${message.to}`, message);
}

/** Who the lesson's two parties are and when it is, as its emails tell it. */
export async function lessonMailFacts(ctx: NoticeContext, lessonId: string) {
  const row = await lessonMailFactsRow(ctx.db, lessonId);
  if (!row) return undefined;
  const bought = row.student_package_id
    ? await packageCredits(ctx.db, row.student_package_id)
    : undefined;
  // What this booking cost: nothing for a trial or a lesson from credits already paid for; the
  // whole purchase for the lesson booked with it.
  const boughtWithIt = row.purchase_lesson_id === row.id;
  return {
    publicUrl: ctx.env.PUBLIC_URL,
    lessonId: row.id,
    tutor: { name: row.tutor_name, email: row.tutor_email, timezone: row.tutor_timezone },
    student: {
      name: row.student_name,
      email: row.student_email,
      // The zone they booked in, when their account has none.
      timezone: row.student_timezone ?? row.timezone,
    },
    subject: row.subject,
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    amountCents: boughtWithIt ? (row.amount_cents ?? 0) : 0,
    currency: (row.payment_currency ?? row.currency).trim(),
    isTrial: row.is_trial,
    ...(bought && {
      packageName: bought.name,
      creditsLeft: Math.max(0, bought.number_of_lessons - (bought.lessons_used ?? 0)),
    }),
    sentAt: ctx.clock.now(),
  };
}
