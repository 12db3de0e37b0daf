-- A tutor's weekly windows never overlap (touching is fine): the database has the last word,
-- so two saves racing past the application's check cannot leave a union of both sets.

-- 'HH:MM' (or '24:00') -> minutes after midnight; immutable, so a constraint may use it.
CREATE FUNCTION availability_minutes(time_of_day text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN split_part(time_of_day, ':', 1)::integer * 60 + split_part(time_of_day, ':', 2)::integer;

-- Racing saves before this migration left a tutor with the union of several whole sets. Each
-- save writes its set in one transaction (one created_at), so keep each such tutor's newest
-- set, the one the tutor saved last.
DELETE FROM availability_slots AS old
 WHERE EXISTS (
         SELECT 1 FROM availability_slots AS a
           JOIN availability_slots AS b
             ON b.tutor_profile_id = a.tutor_profile_id
            AND b.local_day_of_week = a.local_day_of_week
            AND b.id <> a.id
            AND availability_minutes(b.local_start_time) < availability_minutes(a.local_end_time)
            AND availability_minutes(a.local_start_time) < availability_minutes(b.local_end_time)
          WHERE a.tutor_profile_id = old.tutor_profile_id)
   AND old.created_at < (SELECT max(created_at) FROM availability_slots AS newest
                          WHERE newest.tutor_profile_id = old.tutor_profile_id);

-- Should one set still overlap itself (written around the API), keep the earlier window.
DELETE FROM availability_slots AS later
 USING availability_slots AS earlier
 WHERE earlier.tutor_profile_id = later.tutor_profile_id
   AND earlier.local_day_of_week = later.local_day_of_week
   AND (earlier.local_start_time, earlier.id) < (later.local_start_time, later.id)
   AND availability_minutes(later.local_start_time) < availability_minutes(earlier.local_end_time);

ALTER TABLE availability_slots
  ADD CONSTRAINT availability_slots_no_overlap EXCLUDE USING gist (
    tutor_profile_id WITH =,
    local_day_of_week WITH =,
    int4range(availability_minutes(local_start_time), availability_minutes(local_end_time)) WITH &&
  );
