-- A tutor's move is a request the student answers (issue #29, ADR 032). The lesson keeps its
-- time until the student accepts; then lessons/lesson-lifecycle moves it as any move. One open
-- request per lesson. "Unanswered" is not stored: a request still open when the lesson starts
-- lapsed, read from the clock (no job has to run for it).
CREATE TABLE lesson_move_requests (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order requests were made in (created_at is the app's clock, equal in a fixed-clock test).
  seq          bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  lesson_id    uuid NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  proposed_by  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The proposed time (UTC) and the choice it came from, checked again on accept like a move.
  starts_at    timestamptz NOT NULL,
  ends_at      timestamptz NOT NULL,
  booking_date text NOT NULL,
  slot_label   text NOT NULL,
  viewer_zone  text NOT NULL,
  reason       text NOT NULL CHECK (length(reason) <= 500),
  created_at   timestamptz NOT NULL,
  answer       text CHECK (answer IN ('accepted', 'declined', 'withdrawn')),
  answered_at  timestamptz,
  -- The lesson it became, once accepted.
  moved_to     uuid REFERENCES lessons (id) ON DELETE SET NULL,
  CHECK (ends_at > starts_at),
  CHECK ((answer IS NULL) = (answered_at IS NULL))
);

CREATE UNIQUE INDEX lesson_move_requests_one_open ON lesson_move_requests (lesson_id)
  WHERE answer IS NULL;

-- The student hears of a request (and of its withdrawal), the tutor of the answer.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'lesson_booked', 'lesson_rescheduled', 'lesson_canceled', 'review_received', 'refund_issued',
  'profile_approved', 'profile_rejected', 'payout_account_attention', 'payout_sent', 'payout_failed', 'move_requested',
  'move_accepted', 'move_declined', 'move_withdrawn'));
