-- Notification settings (issue #29, ADR 039): the optional emails a user turned off. A row is an
-- opt-out, so every category is on until its owner turns it off, and an account made before
-- this migration needs no backfill. Mail about money or a lesson's change has no category here:
-- it always goes out. The CHECK lists domain/notifications/email-categories.ts's categories.
CREATE TABLE email_opt_outs (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category   text NOT NULL CHECK (category IN ('lesson_reminders', 'message_digest')),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, category)
);
