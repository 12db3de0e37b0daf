-- Lesson completion and reviews (issue 14, ADR 019).

-- Lessons taught counts completed lessons, kept by the database whatever changes a status: a
-- lesson that completes adds one, a completed lesson that turns into a no-show (or is deleted
-- with its student's account) takes it back.
CREATE FUNCTION count_lesson_taught() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN 1 ELSE 0 END;
  now_is integer := CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN 1 ELSE 0 END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.tutor_profile_id <> NEW.tutor_profile_id THEN
    UPDATE tutor_profiles SET lessons_taught = lessons_taught - was WHERE id = OLD.tutor_profile_id;
    UPDATE tutor_profiles SET lessons_taught = lessons_taught + now_is WHERE id = NEW.tutor_profile_id;
  ELSIF now_is <> was THEN
    UPDATE tutor_profiles SET lessons_taught = lessons_taught + now_is - was
     WHERE id = coalesce(NEW.tutor_profile_id, OLD.tutor_profile_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER lessons_count_taught
  AFTER INSERT OR UPDATE OF status, tutor_profile_id OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION count_lesson_taught();

-- The count starts from the lessons stored as completed (numbers written before are dropped).
UPDATE tutor_profiles tp
   SET lessons_taught = (SELECT count(*) FROM lessons l
                          WHERE l.tutor_profile_id = tp.id AND l.status = 'completed');

-- Finding the ended lessons still marked as booked (the completion pass) without a scan.
CREATE INDEX lessons_booked_by_end ON lessons (ends_at)
  WHERE status IN ('pending', 'scheduled', 'in_progress');

-- A review belongs to one lesson (reviews written before lessons existed, the demo data's, have
-- none): one review per lesson instead of one per student and tutor.
ALTER TABLE reviews DROP CONSTRAINT reviews_tutor_profile_id_student_id_key;
ALTER TABLE reviews
  ADD COLUMN lesson_id uuid UNIQUE REFERENCES lessons (id) ON DELETE CASCADE,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  -- The tutor's one reply.
  ADD COLUMN reply text CHECK (length(reply) <= 2000),
  ADD COLUMN replied_at timestamptz,
  ADD CHECK ((reply IS NULL) = (replied_at IS NULL));
CREATE INDEX reviews_student ON reviews (student_id);

-- Only a change of rating moves the tutor's count and sum (a reply or a new text does not).
DROP TRIGGER reviews_apply_to_tutor ON reviews;
CREATE TRIGGER reviews_apply_to_tutor
  AFTER INSERT OR UPDATE OF rating, tutor_profile_id OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION apply_review_to_tutor();
