-- A session that ends by deletion, whichever way (sign-out, sign-out elsewhere, a password
-- change or reset, suspension, closing the account), is announced to every API process on
-- EVENT_CHANNELS.sessions: their live sockets of that user re-check at once instead of at the
-- next heartbeat. In the database, so no code path that deletes sessions (Better Auth's or
-- ours) can forget it; sent on commit only. The payload is the user's id (PostgreSQL folds
-- repeats within one transaction into one notification). Expiry deletes nothing: the heartbeat
-- still finds those.
CREATE FUNCTION announce_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tutora_sessions', OLD.user_id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_announce_end
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_ended();
