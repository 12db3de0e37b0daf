import type { Kysely, Transaction } from 'kysely';
import type { UserRole } from '../../../domain/accounts/account-rules';
import {
  lessonCanceledForAccountEmail,
  type CanceledForAccountFacts,
} from '../../adapters/mail/booking-emails';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { DB } from '../../db/types';
import { cancelLessons } from '../lessons/lesson-lifecycle';
import { dropLessonReminders } from '../lessons/lesson-reminders';
import { notifyOtherParty } from '../notifications/notify';
import { queueRefund, type RefundReason } from '../payments/refunds';
import { findProfileIdByUser } from '../tutor-profile/tutor-profile.repository';
import { ACCOUNT_JOBS } from './account.jobs';
import * as repository from './closing.repository';

// What ends a user's part in lessons to come, when their account is closed or suspended: every
// future lesson canceled, the other side told by email and under the bell, the money for paid
// future lessons and unused package credits refunded in full (jobs, so a provider outage only
// delays it). Closing and suspension differ only in the words and the refund's reason and key.

/** The user's side of lessons and packages; undefined for an admin or a tutor without a profile. */
export async function partyOf(
  db: Kysely<DB> | Transaction<DB>,
  userId: string,
  role: UserRole,
): Promise<repository.Party | undefined> {
  // An admin takes no lessons.
  if (role === 'admin') return undefined;
  if (role === 'student') return { role, userId };
  const profile = await findProfileIdByUser(db, userId);
  return profile ? { role, tutorProfileId: profile.id } : undefined;
}

export interface EndLessonsOptions {
  /** Whose lessons end: the closing or suspended user, and their side. */
  userId: string;
  party: repository.Party;
  now: Date;
  /** Stored on each canceled lesson (lessons.cancel_reason, lessons.cancel_cause). */
  cancelReason: string;
  cancelCause: 'account_closed' | 'account_suspended';
  refundReason: RefundReason;
  /** The refund's idempotency key for a payment: one refund per payment and cause. */
  refundKey: (paymentId: string) => string;
  publicUrl: string;
}

/** Cancels the party's future lessons with full refunds, in the caller's transaction. */
export async function endFutureLessons(
  jobs: JobQueue,
  trx: Transaction<DB>,
  options: EndLessonsOptions,
) {
  const { party, now } = options;
  // Read before canceling: what is owed counts the lessons that are about to go.
  const refunds = await repository.refundsOwed(trx, party, now);
  const lessons = await repository.futureLessons(trx, party, now);
  await cancelLessons(
    trx,
    lessons.map((lesson) => lesson.id),
    { by: options.userId, reason: options.cancelReason, cause: options.cancelCause, now },
  );
  for (const lesson of lessons) await dropLessonReminders(jobs, trx, lesson.id);
  for (const refund of refunds.filter((owed) => owed.amountCents > 0))
    await queueRefund(jobs, trx, {
      paymentId: refund.paymentId,
      amountCents: refund.amountCents,
      reason: options.refundReason,
      key: options.refundKey(refund.paymentId),
      // A package's credits end with the refund.
      endsPackage: true,
    });
  for (const lesson of lessons)
    await jobs.send(
      ACCOUNT_JOBS.mail,
      lessonCanceledForAccountEmail(noticeFacts(options, party.role, lesson)),
      { key: `lesson-canceled-${lesson.id}` },
      trx,
    );
  // The other side's bell too; a hold still awaiting payment was never booked with them.
  for (const lesson of lessons.filter((held) => held.status !== 'awaiting_payment'))
    await notifyOtherParty(trx, {
      kind: 'lesson_canceled',
      lessonId: lesson.id,
      actorId: options.userId,
      at: now,
    });
  return {
    canceled: lessons.length,
    refunds: refunds.filter((owed) => owed.amountCents > 0).length,
  };
}

/** The other side of a canceled lesson, and whose account it was. */
function noticeFacts(
  { publicUrl, cancelCause }: EndLessonsOptions,
  role: 'student' | 'tutor',
  lesson: repository.FutureLesson,
): CanceledForAccountFacts {
  return {
    publicUrl,
    cause: cancelCause,
    recipient:
      role === 'student'
        ? { name: lesson.tutor_name, email: lesson.tutor_email, timezone: lesson.tutor_timezone }
        : {
            name: lesson.student_name,
            email: lesson.student_email,
            timezone: lesson.student_timezone,
          },
    recipientRole: role === 'student' ? 'tutor' : 'student',
    accountName: role === 'student' ? lesson.student_name : lesson.tutor_name,
    subject: lesson.subject,
    startsAt: lesson.starts_at,
    durationMinutes: lesson.duration_minutes,
  };
}
