import { sql, type Kysely, type Transaction } from 'kysely';
import { lessonBookedEmails, refundEmail } from '../../adapters/mail/booking-emails';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Mailer } from '../../adapters/mail/mailer';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import type { LessonsContext } from './lessons-context';

// The booking confirmation for any newly booked lesson — a free trial, a paid lesson, a package's
// first lesson or one scheduled from its credits — to the student and the tutor, each with the
// lesson's .ics. Written as a job in the booking's own transaction (keyed by the lesson), so it
// is sent once, by whichever process runs it, and only if the booking committed.

export const LESSON_BOOKED_JOB = 'lessons.booked';

export interface NoticeContext extends LessonsContext {
  jobs: JobQueue;
  mailer: Mailer;
  env: { PUBLIC_URL: string };
}

export const noteLessonBooked = (jobs: JobQueue, trx: Transaction<DB>, lessonId: string) =>
  jobs.send(LESSON_BOOKED_JOB, { lessonId }, { key: lessonId }, trx);

export async function sendLessonBookedEmails(ctx: NoticeContext, lessonId: string) {
  const facts = await lessonMailFacts(ctx, lessonId);
  if (facts) for (const message of lessonBookedEmails(facts)) await ctx.mailer.send(message);
}

/** The refund notice for the purchase a lesson belonged to, with the amount given back. */
export async function sendRefundEmail(
  ctx: NoticeContext,
  lessonId: string,
  refund: { amountCents: number; reason: string },
) {
  const facts = await lessonMailFacts(ctx, lessonId);
  if (facts) await ctx.mailer.send(refundEmail({ ...facts, ...refund }));
}

async function lessonMailFacts(ctx: NoticeContext, lessonId: string) {
  const row = await mailFactsRow(ctx.db, lessonId);
  if (!row) return undefined;
  // What this booking cost: nothing for a trial or a lesson from credits already paid for; the
  // whole purchase for the lesson booked with it.
  const boughtWithIt = row.purchase_lesson_id === row.lesson_id;
  return {
    publicUrl: ctx.env.PUBLIC_URL,
    lessonId: row.lesson_id,
    tutor: { name: row.tutor_name, email: row.tutor_email, timezone: row.tutor_timezone },
    student: {
      name: row.student_name,
      email: row.student_email,
      // The zone they booked in, when their account has none.
      timezone: row.student_timezone ?? row.lesson_timezone,
    },
    subject: row.subject,
    startsAt: row.starts_at,
    durationMinutes: row.duration_minutes,
    amountCents: boughtWithIt ? (row.amount_cents ?? 0) : 0,
    currency: (row.currency ?? row.lesson_currency).trim(),
    isTrial: row.is_trial,
    ...(row.package_name && {
      packageName: row.package_name,
      creditsLeft: row.credits_left ?? 0,
    }),
    sentAt: ctx.clock.now(),
  };
}

function mailFactsRow(db: Kysely<DB>, lessonId: string) {
  return db
    .selectFrom('lessons as l')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
    .innerJoin('users as tu', 'tu.id', 'tp.user_id')
    .innerJoin('users as su', 'su.id', 'l.student_id')
    .innerJoin('subjects as s', 's.id', 'l.subject_id')
    .leftJoin('payments as p', 'p.id', 'l.payment_id')
    .leftJoin('student_packages as sp', 'sp.id', 'l.student_package_id')
    .select([
      'l.id as lesson_id',
      'l.starts_at',
      'l.duration_minutes',
      'l.timezone as lesson_timezone',
      'l.is_trial',
      'l.currency as lesson_currency',
      'p.amount_cents',
      'p.currency',
      // The purchase's own lesson: the first made for its payment.
      sql<string | null>`(select f.id from lessons f where f.payment_id = l.payment_id
        and f.rescheduled_from is null order by f.created_at, f.id limit 1)`.as(
        'purchase_lesson_id',
      ),
      fullName('tu').as('tutor_name'),
      'tu.email as tutor_email',
      'tp.timezone as tutor_timezone',
      fullName('su').as('student_name'),
      'su.email as student_email',
      'su.timezone as student_timezone',
      's.name as subject',
      'sp.name as package_name',
      sql<number | null>`sp.number_of_lessons - (select count(*)::int from lessons c
        where c.student_package_id = sp.id and c.status not in ('canceled', 'expired'))`.as(
        'credits_left',
      ),
    ])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
}
