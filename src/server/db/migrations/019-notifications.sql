-- In-app notifications (issue #14): what happened that a user should know of, shown under the
-- header's bell until read. A row is written in the transaction of the event it tells of, so it
-- exists only if the event committed. Typed columns instead of a JSON payload: the lesson, the
-- person who acted and the payment are foreign keys, and the text is built when read (the
-- names and times as they are now, in the reader's zone). A new kind is a new CHECK value.
CREATE TABLE notifications (
  -- A number: the order of writing breaks ties between notifications of the same instant.
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind          text NOT NULL CONSTRAINT notifications_kind_check CHECK (kind IN (
    'lesson_booked', 'lesson_rescheduled', 'lesson_canceled', 'review_received', 'refund_issued')),
  lesson_id     uuid REFERENCES lessons (id) ON DELETE SET NULL,
  -- Who did it (the other party); a closed account stays, anonymised.
  actor_id      uuid REFERENCES users (id) ON DELETE SET NULL,
  payment_id    uuid REFERENCES payments (id) ON DELETE SET NULL,
  -- Money given back (refund_issued).
  amount_cents  integer CHECK (amount_cents >= 0),
  currency      char(3),
  created_at    timestamptz NOT NULL,
  read_at       timestamptz,
  CHECK ((amount_cents IS NULL) = (currency IS NULL))
);

-- A user's list, newest first; and their unread count, which the header asks for often.
CREATE INDEX notifications_user_newest ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;
