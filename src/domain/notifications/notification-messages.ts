import type { NotificationKind } from './notification-kinds';

// Every text of the in-app notifications, in one place: the bell, its list, and what each
// notification says. The web formats times and money (in the reader's zone and locale) and hands
// them in; the sentence is built here.

export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  /** The bell's accessible name: the unread count is said, not only drawn. */
  bellLabel: (unread: number) =>
    unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`,
  markAllRead: 'Mark all as read',
  showMore: 'Show more',
  empty: 'No notifications yet. Bookings, changes to your lessons, reviews and refunds show here.',
  loadFailed: 'Notifications could not be loaded. Please try again.',
  unread: 'Unread',
  close: 'Close notifications',
  justNow: 'Just now',
  notFound: 'Notification not found.',
  badId: 'Choose a notification by its number.',
} as const;

/** What a notification tells of, with its times and amounts already formatted for the reader. */
export interface NotificationFacts {
  kind: NotificationKind;
  /** The other party's name; null when unknown. */
  actorName: string | null;
  /** The other party closed their account since (their name is gone). */
  actorClosed: boolean;
  subject: string | null;
  isTrial: boolean;
  /** The lesson's start, formatted ('Tue, Mar 9, 3:00 PM'); null without a lesson. */
  when: string | null;
  /** The refunded amount, formatted ('$42.00'). */
  amount: string | null;
  /** Why the money went back (the payment's refund reason). */
  refundReason: string | null;
  /** Why a payout failed, as the bank said it. */
  payoutFailure?: string | null;
}

const lessonOf = (facts: NotificationFacts, owner: 'a' | 'your') => {
  const subject = facts.subject ? `${facts.subject} ` : '';
  const trial = facts.isTrial ? 'free trial ' : '';
  return owner === 'a' ? `a ${trial}${subject}lesson` : `your ${trial}${subject}lesson`;
};
const on = (when: string | null) => (when ? ` on ${when}` : '');

/** The sentence of one notification, for its reader (`readerRole`: who is reading it). */
export function notificationText(facts: NotificationFacts, readerRole: 'student' | 'tutor') {
  const actor = facts.actorName ?? 'Someone';
  const other = readerRole === 'student' ? 'tutor' : 'student';
  const amount = facts.amount ?? 'Your money';
  switch (facts.kind) {
    case 'lesson_booked':
      return `${actor} booked ${lessonOf(facts, 'a')} with you${on(facts.when)}.`;
    case 'lesson_rescheduled':
      return `${actor} moved ${lessonOf(facts, 'your')}${facts.when ? ` to ${facts.when}` : ''}.`;
    case 'move_requested':
      return `${actor} asks to move ${lessonOf(facts, 'your')}${on(facts.when)} to another time. Open the lesson to accept or decline.`;
    case 'move_accepted':
      return `${actor} accepted the new time for ${lessonOf(facts, 'your')}${facts.when ? `: ${facts.when}` : ''}.`;
    case 'move_declined':
      return `${actor} declined the new time: ${lessonOf(facts, 'your')} stays${on(facts.when)}.`;
    case 'move_withdrawn':
      return `${actor} withdrew the request to move ${lessonOf(facts, 'your')}: it stays${on(facts.when)}.`;
    case 'lesson_canceled':
      return facts.actorClosed
        ? `Your ${other} closed their account, so ${lessonOf(facts, 'your')}${on(facts.when)} was canceled.`
        : `${actor} canceled ${lessonOf(facts, 'your')}${on(facts.when)}.`;
    case 'review_received':
      return `${actor} left a review of ${lessonOf(facts, 'your')}.`;
    case 'refund_issued':
      if (facts.refundReason === 'slot_taken')
        return `${amount} was refunded to your card: the time you chose for ${lessonOf(facts, 'a')} was booked by someone else before your payment arrived.`;
      if (facts.refundReason === 'account_closed')
        return `${amount} was refunded to your card: your ${other} closed their account.`;
      if (facts.refundReason === 'account_suspended')
        return `${amount} was refunded to your card: Tutora canceled ${lessonOf(facts, 'your')}.`;
      return `${amount} was refunded to your card for ${lessonOf(facts, 'your')}.`;
    case 'profile_approved':
      return 'Your tutor profile was approved: students now see the verified tick.';
    case 'profile_rejected':
      return 'Your tutor profile needs changes before it can be approved. See why on your overview.';
    case 'payout_account_attention':
      return 'Your payout account needs attention before you can be paid. See what it needs on your earnings.';
    case 'payout_sent':
      return `Your payout of ${amount} was sent to your bank account.`;
    case 'payout_failed':
      return `Your payout of ${amount} failed and is back in your available balance.${
        facts.payoutFailure ? ` ${facts.payoutFailure}` : ''
      }`;
  }
}
