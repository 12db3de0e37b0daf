-- A lesson ends at its length (issue #29, ADR 026): a 25-minute lesson booked at 12:00 ends at
-- 12:25 on every screen, in the status, the review prompt and the calendar. The slot it was
-- booked in runs to 12:30; those five minutes are the tutor's break, so only the tutor's
-- no-overlap rule keeps them, through held_until.

-- The slot a lesson of that length takes (25 -> 30, 50 -> 60, 100 -> 120 minutes). Adding
-- whole minutes to an instant does not depend on any zone, so the function is immutable.
CREATE FUNCTION lesson_slot_end(starts timestamptz, minutes smallint) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT starts + make_interval(mins => (ceil(minutes / 30.0) * 30)::int) $$;

-- ends_at is the lesson's own end, whatever a writer passes: one rule, kept by the database.
CREATE FUNCTION lessons_end_at_length() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ends_at := NEW.starts_at + make_interval(mins => NEW.duration_minutes);
  RETURN NEW;
END $$;

CREATE TRIGGER lessons_end_at_length
  BEFORE INSERT OR UPDATE OF starts_at, ends_at, duration_minutes ON lessons
  FOR EACH ROW EXECUTE FUNCTION lessons_end_at_length();

ALTER TABLE lessons
  ADD COLUMN held_until timestamptz
    GENERATED ALWAYS AS (lesson_slot_end(starts_at, duration_minutes)) STORED;

UPDATE lessons SET ends_at = starts_at + make_interval(mins => duration_minutes);

-- The tutor's time is held for the whole slot (the break included); the student's only for
-- the lesson itself.
ALTER TABLE lessons DROP CONSTRAINT lessons_tutor_no_overlap;
ALTER TABLE lessons DROP CONSTRAINT lessons_student_no_overlap;
ALTER TABLE lessons
  ADD CONSTRAINT lessons_tutor_no_overlap EXCLUDE USING gist (
    tutor_profile_id WITH =, tstzrange(starts_at, held_until) WITH &&
  ) WHERE (status IN ('awaiting_payment', 'pending', 'scheduled', 'in_progress')),
  ADD CONSTRAINT lessons_student_no_overlap EXCLUDE USING gist (
    student_id WITH =, tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status IN ('awaiting_payment', 'pending', 'scheduled', 'in_progress'));
