-- A tutor's search words are built from their name, subjects, languages and bio. Until now
-- every write to one of those had to remember to call refresh_tutor_search_text(); now the
-- database does it. A write marks the tutors it touched as stale, and at commit one deferred
-- trigger refreshes all the stale tutors of the transaction together: submitting a profile
-- (profile, subjects, languages) or seeding thousands of tutors costs one refresh, not one
-- per statement or per row.

CREATE TABLE tutor_search_stale (
  tutor_profile_id  uuid PRIMARY KEY
);

-- Runs once per stale row at commit; the first run refreshes every stale tutor and empties
-- the table, so the later runs find their row gone and do nothing.
CREATE FUNCTION refresh_stale_tutor_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stale uuid[];
BEGIN
  WITH taken AS (DELETE FROM tutor_search_stale RETURNING tutor_profile_id)
  SELECT array_agg(tutor_profile_id) INTO stale FROM taken;
  IF stale IS NOT NULL THEN
    PERFORM refresh_tutor_search_text(stale);
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER tutor_search_refresh_at_commit
  AFTER INSERT ON tutor_search_stale DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION refresh_stale_tutor_search();

-- In id order, so two transactions marking the same tutors cannot deadlock.
CREATE FUNCTION mark_tutor_search_stale(profile_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO tutor_search_stale (tutor_profile_id)
  SELECT DISTINCT id FROM unnest(profile_ids) AS id ORDER BY id
  ON CONFLICT DO NOTHING;
$$;

-- New profiles, and tutor_subjects / tutor_languages rows: statement-level, with the rows the
-- statement wrote as a transition table named changed_rows (old_rows too for updates).
CREATE FUNCTION mark_inserted_profiles_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_tutor_search_stale(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END;
$$;
CREATE TRIGGER tutor_profiles_search_on_insert
  AFTER INSERT ON tutor_profiles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mark_inserted_profiles_stale();

CREATE FUNCTION mark_changed_rows_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_tutor_search_stale(ARRAY(SELECT tutor_profile_id FROM changed_rows));
  IF TG_OP = 'UPDATE' THEN
    PERFORM mark_tutor_search_stale(ARRAY(SELECT tutor_profile_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['tutor_subjects', 'tutor_languages'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_search_on_insert AFTER INSERT ON %1$s
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION mark_changed_rows_stale()', tbl);
    EXECUTE format('CREATE TRIGGER %1$s_search_on_update AFTER UPDATE ON %1$s
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION mark_changed_rows_stale()', tbl);
    EXECUTE format('CREATE TRIGGER %1$s_search_on_delete AFTER DELETE ON %1$s
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION mark_changed_rows_stale()', tbl);
  END LOOP;
END;
$$;

-- A bio or a name edit: row-level, as an UPDATE OF trigger cannot have transition tables.
CREATE FUNCTION mark_profile_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_tutor_search_stale(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER tutor_profiles_search_on_bio
  AFTER UPDATE OF bio ON tutor_profiles
  FOR EACH ROW WHEN (OLD.bio IS DISTINCT FROM NEW.bio)
  EXECUTE FUNCTION mark_profile_stale();

CREATE FUNCTION mark_user_profiles_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_tutor_search_stale(ARRAY(SELECT id FROM tutor_profiles WHERE user_id = NEW.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_search_on_name
  AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION mark_user_profiles_stale();
