import type { Transaction } from 'kysely';
import type { NotificationKind } from '../../../domain/notifications/notification-kinds';
import type { DB } from '../../db/types';
import {
  insertNoticeToLessonTutor,
  insertNotification,
  partiesOf,
} from './notifications.repository';

// The one way to give a user an in-app notification. It writes in the caller's transaction, so
// a notification exists only if the event it tells of committed (and goes if that rolls back).
// Only facts are stored — which lesson, who, how much; the text is worded when it is read.

export interface Notification {
  /** Who is told (a user id). */
  userId: string;
  kind: NotificationKind;
  /** When it happened: the caller's `ctx.clock.now()`. */
  at: Date;
  /** The lesson it is about (for a reschedule, the new lesson). */
  lessonId?: string;
  /** The user who did it: the other party. */
  actorId?: string;
  /** The payment money went back to (refund_issued), with the amount. */
  paymentId?: string;
  refund?: { amountCents: number; currency: string };
  /** The payout told of (payout_sent, payout_failed), with its amount in `refund`'s columns. */
  payoutId?: string;
  payout?: { amountCents: number; currency: string };
}

export async function notify(trx: Transaction<DB>, notification: Notification) {
  await insertNotification(trx, notification);
}

/**
 * Tells a lesson's other party what `actorId` did to it (moved it, canceled it, …): each of its
 * two parties except the actor (both, when someone else acted).
 */
export async function notifyOtherParty(
  trx: Transaction<DB>,
  event: { kind: NotificationKind; lessonId: string; actorId: string; at: Date },
) {
  const parties = await partiesOf(trx, event.lessonId);
  if (!parties) return;
  for (const userId of [parties.student_id, parties.tutor_user_id])
    if (userId !== event.actorId) await notify(trx, { ...event, userId });
}

/** A newly booked lesson: the student booked it, the tutor is told. */
export async function notifyLessonBooked(trx: Transaction<DB>, lessonId: string, at: Date) {
  await insertNoticeToLessonTutor(trx, { kind: 'lesson_booked', lessonId, at });
}
