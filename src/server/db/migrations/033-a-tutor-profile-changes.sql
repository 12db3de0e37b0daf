-- Each API process keeps the tutor profiles students open in memory (ADR 047). Whatever writes
-- a part of a profile — the tutor's wizard and settings, reviews and replies, an admin's
-- decision, the completion of lessons (Lessons taught), an operator's SQL — the database names
-- the profiles it changed on EVENT_CHANNELS.tutorProfiles, and every process drops them. In
-- the database, so no code path can forget it; sent on commit only, repeats within one
-- transaction folded into one. The payload is the profile ids, comma-separated, or '*' for
-- "all" (more ids than fit a notification comfortably, or reference names shown on every
-- profile).

CREATE FUNCTION announce_tutor_profiles(profile_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids uuid[] := ARRAY(SELECT DISTINCT id FROM unnest(profile_ids) AS id WHERE id IS NOT NULL);
BEGIN
  IF cardinality(distinct_ids) = 0 THEN
    RETURN;
  END IF;
  -- 100 ids are ~3.7 KB; a notification holds up to ~8 KB.
  IF cardinality(distinct_ids) > 100 THEN
    PERFORM pg_notify('tutora_tutor_profiles', '*');
  ELSE
    PERFORM pg_notify('tutora_tutor_profiles', array_to_string(distinct_ids, ','));
  END IF;
END;
$$;

-- Statement-level, with the rows written as transition tables (changed_rows, and old_rows for
-- an update): seeding thousands of tutors sends one notification, not one per row. TG_ARGV[0]
-- names the column holding the profile id.
CREATE FUNCTION announce_changed_tutor_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  old_ids uuid[];
BEGIN
  EXECUTE format('SELECT array_agg(%I) FROM changed_rows', TG_ARGV[0]) INTO ids;
  -- A row moved to another profile changed both.
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT array_agg(%I) FROM old_rows', TG_ARGV[0]) INTO old_ids;
    ids := ids || old_ids;
  END IF;
  PERFORM announce_tutor_profiles(ids);
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  tbl text;
  col text;
BEGIN
  FOR tbl, col IN VALUES
    ('tutor_profiles', 'id'),
    ('tutor_subjects', 'tutor_profile_id'),
    ('tutor_languages', 'tutor_profile_id'),
    ('tutor_certificates', 'tutor_profile_id'),
    ('availability_slots', 'tutor_profile_id'),
    ('reviews', 'tutor_profile_id')
  LOOP
    EXECUTE format('CREATE TRIGGER %1$s_announce_profile_on_insert AFTER INSERT ON %1$s
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_tutor_profiles(%2$L)', tbl, col);
    EXECUTE format('CREATE TRIGGER %1$s_announce_profile_on_update AFTER UPDATE ON %1$s
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_tutor_profiles(%2$L)', tbl, col);
    EXECUTE format('CREATE TRIGGER %1$s_announce_profile_on_delete AFTER DELETE ON %1$s
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_tutor_profiles(%2$L)', tbl, col);
  END LOOP;
END;
$$;

-- A user is on a profile as its tutor (name, photo, whether listed) and as the author of its
-- reviews (name). Row-level, to skip the updates a profile never shows: a sign-in stamps
-- last_login_at on every user.
CREATE FUNCTION announce_user_tutor_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_login_at' - 'updated_at')
                          = (to_jsonb(NEW) - 'last_login_at' - 'updated_at') THEN
    RETURN NULL;
  END IF;
  PERFORM announce_tutor_profiles(ARRAY(
    SELECT id FROM tutor_profiles WHERE user_id = OLD.id
    UNION
    SELECT tutor_profile_id FROM reviews WHERE student_id = OLD.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_announce_profiles
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_user_tutor_profiles();

-- Subject and language names show on every profile: a rename drops them all.
CREATE FUNCTION announce_all_tutor_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tutora_tutor_profiles', '*');
  RETURN NULL;
END;
$$;
CREATE TRIGGER subjects_announce_profiles
  AFTER UPDATE OR DELETE ON subjects
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_tutor_profiles();
CREATE TRIGGER languages_announce_profiles
  AFTER UPDATE OR DELETE ON languages
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_tutor_profiles();
