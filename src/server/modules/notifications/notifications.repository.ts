import { sql, type Kysely, type Transaction } from 'kysely';
import type { NotificationKind } from '../../../domain/notifications/notification-kinds';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import type { Notification } from './notify';

// All SQL of notifications: written by notify.ts, read as a user's own rows (by user_id).

export function countNotifications(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('read_at', 'is', null).as('unread'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function countUnread(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** A page of a user's notifications, newest first, with their lesson, actor and payment. */
export function notificationRows(
  db: Kysely<DB>,
  userId: string,
  rows: { limit: number; offset: number },
) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('lessons as l', 'l.id', 'n.lesson_id')
    .leftJoin('subjects as s', 's.id', 'l.subject_id')
    .leftJoin('payments as p', 'p.id', 'n.payment_id')
    .leftJoin('payouts as po', 'po.id', 'n.payout_id')
    .select([
      'n.id',
      'n.kind',
      'n.created_at',
      'n.read_at',
      'n.amount_cents',
      'n.currency',
      fullName('a').as('actor_name'),
      'a.closed_at as actor_closed_at',
      'l.id as lesson_id',
      'l.starts_at',
      'l.is_trial',
      's.name as subject',
      'p.refund_reason',
      'n.payout_id',
      'po.failure_reason as payout_failure',
    ])
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(rows.limit)
    .offset(rows.offset)
    .execute();
}
export type NotificationRow = Awaited<ReturnType<typeof notificationRows>>[number];

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Kysely<DB>, userId: string, id: number, now: Date) {
  const owned = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return owned !== undefined;
}

export async function markAllRead(db: Kysely<DB>, userId: string, now: Date) {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Stores one notification (notify.ts is its one caller: the way to tell a user). */
export async function insertNotification(trx: Transaction<DB>, notification: Notification) {
  await trx
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      kind: notification.kind,
      created_at: notification.at,
      lesson_id: notification.lessonId ?? null,
      actor_id: notification.actorId ?? null,
      payment_id: notification.paymentId ?? null,
      amount_cents: (notification.refund ?? notification.payout)?.amountCents ?? null,
      currency: (notification.refund ?? notification.payout)?.currency.trim().toUpperCase() ?? null,
      payout_id: notification.payoutId ?? null,
    })
    .execute();
}

/**
 * A notice to a lesson's tutor, its student as the actor: read from the lesson and written in
 * one statement (a paid booking runs ~40; each is a round trip).
 */
export async function insertNoticeToLessonTutor(
  trx: Transaction<DB>,
  notice: { kind: NotificationKind; lessonId: string; at: Date },
) {
  await trx
    .insertInto('notifications')
    .columns(['user_id', 'kind', 'created_at', 'lesson_id', 'actor_id'])
    .expression((eb) =>
      eb
        .selectFrom('lessons as l')
        .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
        .select([
          'tp.user_id',
          sql<NotificationKind>`${notice.kind}::text`.as('kind'),
          sql<Date>`${notice.at}::timestamptz`.as('created_at'),
          'l.id',
          'l.student_id',
        ])
        .where('l.id', '=', notice.lessonId),
    )
    .execute();
}

/** The two parties of a lesson, as users. */
export async function partiesOf(trx: Transaction<DB>, lessonId: string) {
  return trx
    .selectFrom('lessons as l')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
    .select(['l.student_id', 'tp.user_id as tutor_user_id'])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
}
