-- Closing an account (issue #12, Settings). The user row stays, anonymised, because payments,
-- packages and the other party's past lessons point at it; closed_at says it is gone.
ALTER TABLE users ADD COLUMN closed_at timestamptz;

-- Money goes back without anyone asking also when an account closes: the closer's paid future
-- lessons and unused package credits, or, when a tutor closes, their students'.
ALTER TABLE payments DROP CONSTRAINT payments_refund_reason_check;
ALTER TABLE payments ADD CONSTRAINT payments_refund_reason_check
  CHECK (refund_reason IN ('slot_taken', 'account_closed'));

