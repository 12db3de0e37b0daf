-- The tutor's bell tells of a payout's outcome (issue #25): sent, or failed with the reason
-- (read from the payout). Its amount is stored like a refund's.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'lesson_booked', 'lesson_rescheduled', 'lesson_canceled', 'review_received', 'refund_issued',
  'profile_approved', 'profile_rejected', 'payout_account_attention', 'payout_sent', 'payout_failed'));
ALTER TABLE notifications ADD COLUMN payout_id uuid REFERENCES payouts (id) ON DELETE SET NULL;
