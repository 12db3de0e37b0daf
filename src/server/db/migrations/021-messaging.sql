-- Messaging (issue #16): one conversation per student–tutor pair, its messages, and who has
-- read or blocked what. Users, not profiles: a conversation outlives a rejected profile.
CREATE TABLE conversations (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  student_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tutor_id             uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at           timestamptz NOT NULL,
  -- The last message's time (or created_at): the inbox's order.
  updated_at           timestamptz NOT NULL,
  -- Either side may block; nobody sends while either has.
  blocked_by_student_at timestamptz,
  blocked_by_tutor_at   timestamptz,
  -- How far each side has read (a message seq): read receipts and unread counts.
  student_read_seq     bigint NOT NULL DEFAULT 0,
  tutor_read_seq       bigint NOT NULL DEFAULT 0,
  UNIQUE (student_id, tutor_id),
  CHECK (student_id <> tutor_id)
);
CREATE INDEX conversations_student_recent ON conversations (student_id, updated_at DESC, id);
CREATE INDEX conversations_tutor_recent ON conversations (tutor_id, updated_at DESC, id);

CREATE TABLE messages (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order of writing: cursor for paging and read receipts (ties of the same instant).
  seq              bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  conversation_id  uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- As stored is as shown: contact details are masked before the text is written, so an
  -- unmasked copy never exists to leak later (Preply's rule until the first paid lesson).
  -- The sender types at most 2 000 characters (the contract); masking may lengthen that (a
  -- 4-character @abc becomes [hidden]), at most to twice as long (masking.test.ts).
  body             text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  masked           boolean NOT NULL DEFAULT false,
  -- The sending tab's idempotency key: a retried send finds the first message.
  client_id        uuid,
  sent_at          timestamptz NOT NULL,
  -- When the recipient read it (set with the conversation's read seq).
  read_at          timestamptz,
  -- When the recipient was sent an email digest that included it (one digest, not one each).
  digested_at      timestamptz,
  UNIQUE (sender_id, client_id)
);
CREATE INDEX messages_conversation_seq ON messages (conversation_id, seq DESC);
-- The sender's recent messages (the rate limit, counted across processes).
CREATE INDEX messages_sender_recent ON messages (sender_id, sent_at DESC);
-- Unread messages not yet in a digest (the digest job's work).
CREATE INDEX messages_undigested ON messages (conversation_id, sent_at)
  WHERE read_at IS NULL AND digested_at IS NULL;

-- A reported message now has its row (reports came first, with issue #15).
ALTER TABLE reports
  ADD CONSTRAINT reports_message_fk FOREIGN KEY (message_id) REFERENCES messages (id) ON DELETE CASCADE;
