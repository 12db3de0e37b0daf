-- Where announcements arrive with the commit (PGlite: one process, one connection), the process
-- keeps each session it checked, with its user, in memory (ADR 055). Whatever changes what a
-- session check reads is announced with the user's id: a session ended (EVENT_CHANNELS.sessions,
-- migration 024-a) and, here on EVENT_CHANNELS.sessionChanges, a session renewed or shortened
-- and any change to the user's row but the stamps a sign-in writes. In the database, so no code
-- path (Better Auth's, ours, an operator's SQL) can forget it; sent on commit only. Emptying
-- the sessions table (TRUNCATE, which fires no row trigger; a truncated users table takes the
-- sessions with it) announces '*': every session.

-- One function for both tables: a session names its user in user_id, a user in id.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('tutora_session_changes', OLD.user_id::text);
  ELSIF TG_OP = 'DELETE' OR (to_jsonb(OLD) - 'last_login_at' - 'updated_at')
                            <> (to_jsonb(NEW) - 'last_login_at' - 'updated_at') THEN
    PERFORM pg_notify('tutora_session_changes', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_announce_change
  AFTER UPDATE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();

CREATE TRIGGER users_announce_session_change
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();

CREATE FUNCTION announce_all_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tutora_session_changes', '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_announce_truncate
  AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_sessions_changed();
