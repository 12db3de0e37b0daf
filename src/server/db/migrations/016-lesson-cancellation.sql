-- Canceling lessons and reporting no-shows (issue 14, ADR 018).

-- When a lesson was canceled, and what its settlement was: the money owed back (refunded by a
-- job, once) and whether a package's credit stays used although the lesson did not happen
-- (a student's late cancel, an absent student).
ALTER TABLE lessons
  ADD COLUMN canceled_at          timestamptz,
  ADD COLUMN refund_cents         integer NOT NULL DEFAULT 0 CHECK (refund_cents >= 0),
  ADD COLUMN credit_forfeited     boolean NOT NULL DEFAULT false,
  -- A no-show: who did not come, who said so and when.
  ADD COLUMN no_show_party        text CHECK (no_show_party IN ('student', 'tutor')),
  ADD COLUMN no_show_reported_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN no_show_reported_at  timestamptz,
  -- The student moved it (or a lesson it replaced) inside the free-cancellation window: a
  -- cancel stays late however far the move pushed it.
  ADD COLUMN moved_late           boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT lessons_no_show_recorded CHECK (
    status <> 'no_show' OR (no_show_party IS NOT NULL AND no_show_reported_at IS NOT NULL));

-- Money also goes back when a lesson is canceled or its tutor did not come.
ALTER TABLE payments DROP CONSTRAINT payments_refund_reason_check;
ALTER TABLE payments ADD CONSTRAINT payments_refund_reason_check
  CHECK (refund_reason IN ('slot_taken', 'account_closed', 'lesson_canceled', 'tutor_canceled',
    'tutor_no_show'));

-- Each refund given through the provider, once per key (the provider's idempotency key): a
-- refund job run twice records it once. A payment may be refunded in parts (package lessons).
CREATE TABLE payment_refunds (
  idempotency_key  text PRIMARY KEY,
  payment_id       uuid NOT NULL REFERENCES payments (id),
  lesson_id        uuid REFERENCES lessons (id) ON DELETE SET NULL,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  reason           text NOT NULL,
  refunded_at      timestamptz NOT NULL
);
CREATE INDEX payment_refunds_payment ON payment_refunds (payment_id);
