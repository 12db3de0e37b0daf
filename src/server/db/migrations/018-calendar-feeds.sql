-- Calendar feeds (issue #14): each user may publish their lessons as a secret iCalendar feed
-- at /calendar/<token>.ics. The token is a bearer secret, so only its SHA-256 is kept (as a
-- password would be): a copy of the database does not open anyone's calendar. Rotating or
-- revoking stamps revoked_at on the old row (kept, to show when a link stopped working); a
-- revoked hash never answers again.
CREATE TABLE calendar_feeds (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Lowercase hex of SHA-256 over the token's text.
  token_hash  text NOT NULL CONSTRAINT calendar_feeds_token_hash_key UNIQUE
    CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  CHECK (revoked_at IS NULL OR revoked_at >= created_at)
);

-- One active feed per user: a new link revokes the old one in the same transaction.
CREATE UNIQUE INDEX calendar_feeds_one_active ON calendar_feeds (user_id) WHERE revoked_at IS NULL;
