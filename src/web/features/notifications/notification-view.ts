import type { NotificationView } from '../../../contracts/notifications.contract';
import type { Role } from '../../../domain/accounts/account-rules';
import { formatMoney } from '../../../domain/money';
import {
  NOTIFICATION_MESSAGES as N,
  notificationText,
} from '../../../domain/notifications/notification-messages';
import { calendarDaysUntil, shortDate, shortDateTime } from '../../lib/lesson-time';
import { paths } from '../../lib/paths';

// A notification as the panel shows it: its sentence, where it leads, and when it came, in the
// reader's zone.

const money = (sum: { amountCents: number; currency: string } | null) =>
  sum ? formatMoney(sum.amountCents, sum.currency) : null;

export function textOf(notification: NotificationView, role: Role, zone: string) {
  return notificationText(
    {
      kind: notification.kind,
      actorName: notification.actor?.name ?? null,
      actorClosed: notification.actor?.accountClosed ?? false,
      subject: notification.lesson?.subject || null,
      isTrial: notification.lesson?.isTrial ?? false,
      when: notification.lesson ? shortDateTime(notification.lesson.startsAt, zone) : null,
      amount: money(notification.refund ?? notification.payout),
      refundReason: notification.refund?.reason ?? null,
      payoutFailure: notification.payout?.failureReason ?? null,
    },
    role,
  );
}

const lessonLink = (page: string, notification: NotificationView) =>
  notification.lesson ? paths.lessonOn(page, notification.lesson.id) : page;

/** Where a notification leads: a lesson's to that lesson, money to Billing. */
export function linkOf(notification: NotificationView, role: Role): string {
  const area = role === 'student' ? paths.student : paths.tutor;
  switch (notification.kind) {
    // A lesson's notice opens that lesson's details (issue #29): ahead on My Schedule, canceled
    // on My Lessons, where canceled lessons are listed.
    case 'lesson_booked':
    case 'lesson_rescheduled':
    case 'move_requested':
    case 'move_accepted':
    case 'move_declined':
    case 'move_withdrawn':
      return lessonLink(area.schedule, notification);
    case 'lesson_canceled':
      return lessonLink(area.lessons, notification);
    case 'review_received':
      return area.overview;
    case 'refund_issued':
      return role === 'student' ? paths.student.billing : area.overview;
    case 'profile_approved':
    case 'profile_rejected':
      return paths.tutor.overview;
    case 'payout_account_attention':
    case 'payout_sent':
    case 'payout_failed':
      return paths.tutor.earnings;
  }
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 'Just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago', then the date. */
export function timeAgo(instant: string, now: Date, zone: string): string {
  const ago = now.getTime() - Date.parse(instant);
  if (ago < MINUTE) return N.justNow;
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  const days = calendarDaysUntil(instant, now, zone);
  if (days === 0) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (days >= -6) return relative.format(days, 'day');
  return shortDate(instant, zone);
}

/** The full time, for the tooltip. */
export const exactTime = shortDateTime;
