-- The live sockets of every API process, so that the cap of tabs per user (10) holds across
-- processes (issue #31 item 8, ADR 025). Each process registers
-- itself at start and beats while it runs; a process gone (stopped: it deletes itself; killed:
-- it stops beating) takes its sockets with it, so a crashed process's sockets never count.
CREATE TABLE live_instances (
  id      uuid PRIMARY KEY,
  -- The database's clock: processes' clocks (a test's fixed one) do not decide who is gone.
  seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE live_sockets (
  id          uuid PRIMARY KEY,
  -- When the socket opened, by its process (its record is written a moment later, and two
  -- records may land in either order): the oldest is closed first; seq breaks a tie.
  opened_at   timestamptz NOT NULL,
  seq         bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  instance_id uuid NOT NULL REFERENCES live_instances (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX live_sockets_user ON live_sockets (user_id, opened_at);
CREATE INDEX live_sockets_instance ON live_sockets (instance_id);
