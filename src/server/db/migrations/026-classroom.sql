-- The classroom (issue #26): who was there and when, the signalling that connects the two
-- browsers, and the lesson's whiteboard (a Yjs document: updates appended, compacted into one
-- snapshot). Media never passes through us.

-- Each stay of a party in the classroom: a row per join, closed when they leave.
CREATE TABLE classroom_attendance (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lesson_id   uuid NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at   timestamptz NOT NULL,
  left_at     timestamptz,
  CHECK (left_at IS NULL OR left_at >= joined_at)
);
CREATE INDEX classroom_attendance_lesson ON classroom_attendance (lesson_id, joined_at);
-- At most one open stay per party and lesson (a second tab joins the same stay).
CREATE UNIQUE INDEX classroom_attendance_one_open ON classroom_attendance (lesson_id, user_id)
  WHERE left_at IS NULL;

-- Signalling (SDP, ICE candidates, the party's state) from one party to the other. A row is
-- written, its id NOTIFYed, and read back by the process holding the recipient's socket: an SDP
-- can be larger than a NOTIFY payload. Rows are only needed for seconds and pruned as new ones come.
CREATE TABLE classroom_signals (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lesson_id     uuid NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  sender_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recipient_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body          jsonb NOT NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX classroom_signals_created ON classroom_signals (created_at);

-- The whiteboard's updates since its snapshot, in the order written.
CREATE TABLE whiteboard_updates (
  seq         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lesson_id   uuid NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  author_id   uuid REFERENCES users (id) ON DELETE SET NULL,
  -- A Yjs update (binary); one stroke is a few hundred bytes.
  body        bytea NOT NULL CHECK (length(body) BETWEEN 1 AND 262144),
  created_at  timestamptz NOT NULL
);
CREATE INDEX whiteboard_updates_lesson ON whiteboard_updates (lesson_id, seq);

-- Every update compacted so far, merged into one (Y.mergeUpdates): the board is this plus the
-- updates still in whiteboard_updates.
CREATE TABLE whiteboard_snapshots (
  lesson_id   uuid PRIMARY KEY REFERENCES lessons (id) ON DELETE CASCADE,
  body        bytea NOT NULL,
  updated_at  timestamptz NOT NULL
);
