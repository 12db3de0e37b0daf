import { describe, expect, it } from 'vitest';
import { notificationText, type NotificationFacts } from './notification-messages';

// What each kind of notification says, to the student and to the tutor.

const facts = (fields: Partial<NotificationFacts>): NotificationFacts => ({
  kind: 'lesson_booked',
  actorName: 'Maya Lindgren',
  actorClosed: false,
  subject: 'Physics',
  isTrial: false,
  when: 'Tue, Mar 9, 3:00 PM',
  amount: null,
  refundReason: null,
  ...fields,
});

describe('notification texts', () => {
  it('words lessons booked, moved and canceled, from the other party', () => {
    expect(notificationText(facts({ isTrial: true }), 'tutor')).toBe(
      'Maya Lindgren booked a free trial Physics lesson with you on Tue, Mar 9, 3:00 PM.',
    );
    expect(notificationText(facts({ kind: 'lesson_rescheduled' }), 'tutor')).toBe(
      'Maya Lindgren moved your Physics lesson to Tue, Mar 9, 3:00 PM.',
    );
    expect(notificationText(facts({ kind: 'lesson_canceled' }), 'student')).toBe(
      'Maya Lindgren canceled your Physics lesson on Tue, Mar 9, 3:00 PM.',
    );
    expect(
      notificationText(
        facts({ kind: 'lesson_canceled', actorName: 'Deleted Account', actorClosed: true }),
        'student',
      ),
    ).toBe(
      'Your tutor closed their account, so your Physics lesson on Tue, Mar 9, 3:00 PM was canceled.',
    );
    expect(notificationText(facts({ kind: 'review_received' }), 'tutor')).toBe(
      'Maya Lindgren left a review of your Physics lesson.',
    );
  });

  it('words refunds by their reason', () => {
    const refund = facts({ kind: 'refund_issued', actorName: null, amount: '$42.00' });
    expect(notificationText({ ...refund, refundReason: 'account_closed' }, 'student')).toBe(
      '$42.00 was refunded to your card: your tutor closed their account.',
    );
    expect(notificationText({ ...refund, refundReason: 'slot_taken' }, 'student')).toMatch(
      /^\$42\.00 was refunded to your card: the time you chose for a Physics lesson was booked/,
    );
    expect(notificationText({ ...refund, subject: null }, 'student')).toBe(
      '$42.00 was refunded to your card for your lesson.',
    );
  });

  it("words a payout's outcome, with the bank's reason when it failed", () => {
    const payout = { actorName: null, subject: null, when: null, amount: '$22.50' };
    expect(notificationText(facts({ ...payout, kind: 'payout_sent' }), 'tutor')).toBe(
      'Your payout of $22.50 was sent to your bank account.',
    );
    expect(
      notificationText(
        facts({ ...payout, kind: 'payout_failed', payoutFailure: 'The bank account is closed.' }),
        'tutor',
      ),
    ).toBe(
      'Your payout of $22.50 failed and is back in your available balance. The bank account is closed.',
    );
  });
});
