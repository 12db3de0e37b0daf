-- A session that ends, whichever way (sign-out, sign-out elsewhere, password reset, suspension,
-- closing the account, expiry), is announced to every API process: their live sockets of that
-- user re-check at once instead of at the next heartbeat. In the database, so no code path that
-- deletes sessions (Better Auth's or ours) can forget it. Same channel name as
-- EVENT_CHANNELS.sessions; the payload is the user's id (PostgreSQL folds repeats of one
-- transaction into one notification).
CREATE FUNCTION announce_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tutora_sessions', OLD.user_id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_announce_end
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_ended();
