-- Stripe Connect payouts (issue #25, ADR 028): a transfer Stripe reverses after it was paid
-- takes the money back from the connected account; the ledger returns it to the tutor's
-- available balance with a kind of its own. A payout account that needs attention is told under
-- the bell as well as by email.

ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check CHECK (kind IN (
  'payment_received', 'refund', 'lesson_earned', 'lesson_reversed',
  'earnings_released', 'payout_requested', 'payout_paid', 'payout_failed', 'payout_reversed',
  'adjustment'));

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'lesson_booked', 'lesson_rescheduled', 'lesson_canceled', 'review_received', 'refund_issued',
  'profile_approved', 'profile_rejected', 'payout_account_attention'));
