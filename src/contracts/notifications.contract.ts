import { z } from 'zod/mini';
import { NOTIFICATION_KINDS } from '../domain/notifications/notification-kinds';
import { NOTIFICATION_MESSAGES as N } from '../domain/notifications/notification-messages';
import { defineEndpoint, SIGNED_IN_ERRORS } from './endpoint';
import { pageInfoFields, pageNumberSchema } from './paging';

// The signed-in user's in-app notifications (the header's bell): a page of them, newest first,
// how many are unread, and marking one or all as read. Only ever the user's own.

/** A notification's id: a positive whole number; anything else is refused (400). */
const notificationIdParams = z.object({
  id: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/, N.badId)), z.transform(Number)),
});

/** One notification as facts; the web words it (src/domain/notifications). */
export const notificationView = z.object({
  id: z.int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** UTC ISO instants. */
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
  /** The other party: who booked, moved, canceled or reviewed. */
  actor: z.nullable(z.object({ name: z.string(), accountClosed: z.boolean() })),
  lesson: z.nullable(
    z.object({ id: z.string(), subject: z.string(), startsAt: z.string(), isTrial: z.boolean() }),
  ),
  /** Money given back (refund_issued), and why (the payment's refund reason). */
  refund: z.nullable(
    z.object({ amountCents: z.int(), currency: z.string(), reason: z.nullable(z.string()) }),
  ),
  /** A payout told of (payout_sent, payout_failed), and why it failed. */
  payout: z.nullable(
    z.object({
      amountCents: z.int(),
      currency: z.string(),
      failureReason: z.nullable(z.string()),
    }),
  ),
});
export type NotificationView = z.infer<typeof notificationView>;

const unreadCount = z.object({ unread: z.int() });

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/notifications',
  query: z.object({ page: pageNumberSchema }),
  status: 200,
  response: z.object({
    notifications: z.array(notificationView),
    ...pageInfoFields,
    unread: z.int(),
  }),
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS],
});

export const getUnreadNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/notifications/unread-count',
  status: 200,
  response: unreadCount,
  errors: [...SIGNED_IN_ERRORS],
});

/** Marks one of the user's notifications read (again: no change); answers the unread count. */
export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/:id/read',
  params: notificationIdParams,
  status: 200,
  response: unreadCount,
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN', ...SIGNED_IN_ERRORS],
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/read-all',
  status: 200,
  response: unreadCount,
  errors: ['FORBIDDEN', ...SIGNED_IN_ERRORS],
});
