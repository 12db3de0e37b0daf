import type { Kysely } from 'kysely';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type {
  listNotifications,
  NotificationView,
} from '../../../contracts/notifications.contract';
import { NOTIFICATION_MESSAGES as N } from '../../../domain/notifications/notification-messages';
import { pageWindow } from '../../../domain/paging';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import * as repository from './notifications.repository';

// The bell's use cases: a user reads and marks only their own notifications (every query is
// by the session's user id, so another's id is simply not found).

export interface NotificationsContext {
  db: Kysely<DB>;
  clock: Clock;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;

function toView(row: repository.NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
    actor:
      row.actor_name === null
        ? null
        : { name: row.actor_name, accountClosed: row.actor_closed_at !== null },
    lesson:
      row.lesson_id === null || row.starts_at === null
        ? null
        : {
            id: row.lesson_id,
            subject: row.subject ?? '',
            startsAt: row.starts_at.toISOString(),
            isTrial: row.is_trial ?? false,
          },
    refund:
      row.amount_cents === null || row.currency === null || row.payout_id !== null
        ? null
        : {
            amountCents: row.amount_cents,
            currency: row.currency.trim(),
            reason: row.refund_reason,
          },
    payout:
      row.amount_cents === null || row.currency === null || row.payout_id === null
        ? null
        : {
            amountCents: row.amount_cents,
            currency: row.currency.trim(),
            failureReason: row.payout_failure,
          },
  };
}

/** One page of the user's notifications, newest first (a page past the last: the last). */
export async function notificationsOf(
  ctx: NotificationsContext,
  userId: string,
  requestedPage: number,
): Promise<EndpointOutput<typeof listNotifications>> {
  const counts = await repository.countNotifications(ctx.db, userId);
  const total = Number(counts.total);
  const { page, totalPages, rows } = pageWindow(requestedPage, total, NOTIFICATIONS_PAGE_SIZE);
  const notifications = await repository.notificationRows(ctx.db, userId, rows);
  return {
    notifications: notifications.map(toView),
    page,
    totalPages,
    total,
    unread: Number(counts.unread),
  };
}

export async function unreadCountOf(ctx: NotificationsContext, userId: string) {
  return { unread: await repository.countUnread(ctx.db, userId) };
}

export async function markNotificationRead(ctx: NotificationsContext, userId: string, id: number) {
  const found = await repository.markRead(ctx.db, userId, id, ctx.clock.now());
  if (!found) throw new AppError('NOT_FOUND', N.notFound);
  return unreadCountOf(ctx, userId);
}

export async function markAllNotificationsRead(ctx: NotificationsContext, userId: string) {
  await repository.markAllRead(ctx.db, userId, ctx.clock.now());
  return { unread: 0 };
}
