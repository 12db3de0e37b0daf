-- Each API process keeps the time a tutor's or a student's lessons hold, for the slots it lists
-- (ADR 047). Whatever writes a lesson — a booking, a hold at checkout, a move, a cancellation,
-- fulfilment, the jobs that expire holds and complete lessons, an operator's SQL — the database
-- names on EVENT_CHANNELS.heldTimes the holders whose held time it changed: the tutor profile
-- ids and the student (user) ids, comma-separated, or '*'. Sent on commit only.

-- One announcement of some ids on a channel: repeats folded, over 100 ids (~3.7 KB; a
-- notification holds up to ~8 KB) sent as '*'.
CREATE FUNCTION announce_ids(channel text, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids uuid[] := ARRAY(SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL);
BEGIN
  IF cardinality(distinct_ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(distinct_ids) > 100 THEN
    PERFORM pg_notify(channel, '*');
  ELSE
    PERFORM pg_notify(channel, array_to_string(distinct_ids, ','));
  END IF;
END;
$$;

CREATE OR REPLACE FUNCTION announce_tutor_profiles(profile_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_ids('tutora_tutor_profiles', profile_ids);
END;
$$;

-- Statement-level with transition tables, like 033-a. Only what the slots read counts: a
-- lesson that holds time (or held it before the update), its parties, its times, its hold's
-- expiry; notes saved, a meeting link or a completed lesson's review change nothing here.
CREATE FUNCTION announce_changed_held_times() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holding text[] := ARRAY['awaiting_payment', 'pending', 'scheduled', 'in_progress'];
  holders uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(holder) INTO holders
      FROM old_rows o JOIN changed_rows n USING (id)
     CROSS JOIN LATERAL unnest(ARRAY[o.tutor_profile_id, o.student_id,
                                     n.tutor_profile_id, n.student_id]) AS holder
     WHERE (o.status = ANY (holding) OR n.status = ANY (holding))
       AND (o.status, o.starts_at, o.ends_at, o.hold_expires_at, o.tutor_profile_id, o.student_id)
           IS DISTINCT FROM
           (n.status, n.starts_at, n.ends_at, n.hold_expires_at, n.tutor_profile_id, n.student_id);
  ELSE
    SELECT array_agg(holder) INTO holders
      FROM changed_rows r
     CROSS JOIN LATERAL unnest(ARRAY[r.tutor_profile_id, r.student_id]) AS holder
     WHERE r.status = ANY (holding);
  END IF;
  PERFORM announce_ids('tutora_held_times', holders);
  RETURN NULL;
END;
$$;

CREATE TRIGGER lessons_announce_held_times_on_insert AFTER INSERT ON lessons
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_held_times();
CREATE TRIGGER lessons_announce_held_times_on_update AFTER UPDATE ON lessons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_held_times();
CREATE TRIGGER lessons_announce_held_times_on_delete AFTER DELETE ON lessons
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_held_times();
