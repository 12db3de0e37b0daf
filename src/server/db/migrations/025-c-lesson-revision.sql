-- A calendar event's SEQUENCE grows by one per change of that event (RFC 5545; issue #29): the
-- lesson counts its own revisions of what a calendar shows — its time, its room, and whether it
-- was canceled. Other writes (notes, completion) leave the event as it was.
ALTER TABLE lessons ADD COLUMN revision integer NOT NULL DEFAULT 0;

CREATE FUNCTION lessons_count_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.starts_at IS DISTINCT FROM OLD.starts_at
     OR NEW.duration_minutes IS DISTINCT FROM OLD.duration_minutes
     OR NEW.meeting_url IS DISTINCT FROM OLD.meeting_url
     OR (NEW.status = 'canceled') IS DISTINCT FROM (OLD.status = 'canceled') THEN
    NEW.revision := OLD.revision + 1;
  ELSE
    NEW.revision := OLD.revision;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER lessons_count_revision
  BEFORE UPDATE ON lessons
  FOR EACH ROW EXECUTE FUNCTION lessons_count_revision();
