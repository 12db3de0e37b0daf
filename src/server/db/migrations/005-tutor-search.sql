-- Tutor discovery: server-side search, and real reviews behind the ratings.

CREATE TABLE reviews (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tutor_profile_id  uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  student_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating            smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment           text NOT NULL DEFAULT '' CHECK (length(comment) <= 2000),
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tutor_profile_id, student_id)
);
CREATE INDEX reviews_tutor_recent ON reviews (tutor_profile_id, created_at DESC);

-- Keep the profile's review count and rating sum in step with its reviews.
CREATE FUNCTION apply_review_to_tutor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE tutor_profiles SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
      WHERE id = NEW.tutor_profile_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE tutor_profiles SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
      WHERE id = OLD.tutor_profile_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER reviews_apply_to_tutor
  AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION apply_review_to_tutor();

ALTER TABLE tutor_profiles
  ADD COLUMN average_rating numeric(3, 2) GENERATED ALWAYS AS (
    CASE WHEN review_count > 0 THEN round(rating_sum::numeric / review_count, 2) END
  ) STORED,
  -- Lower-cased name, subjects and bio: the search box finds any substring of it.
  ADD COLUMN search_text text NOT NULL DEFAULT '',
  -- Lower-cased name and subjects only: short, so typo-tolerant word matching stays cheap.
  ADD COLUMN search_keywords text NOT NULL DEFAULT '';

CREATE INDEX tutor_profiles_search_text ON tutor_profiles USING gin (search_text gin_trgm_ops);
CREATE INDEX tutor_profiles_search_keywords ON tutor_profiles USING gin (search_keywords gin_trgm_ops);
CREATE INDEX tutor_profiles_rate ON tutor_profiles (hourly_rate_cents, id);
CREATE INDEX tutor_profiles_rating ON tutor_profiles (average_rating DESC NULLS LAST, review_count DESC, id);

-- Recomputes the search columns of the given tutors from their name, subjects and bio.
CREATE FUNCTION refresh_tutor_search_text(profile_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE tutor_profiles tp
     SET search_keywords = keywords.text,
         search_text = keywords.text || ' ' || lower(tp.bio)
    FROM (
      SELECT p.id,
             lower(u.first_name || ' ' || u.last_name || ' ' ||
                   coalesce(string_agg(s.name, ' ' ORDER BY s.name), '')) AS text
        FROM tutor_profiles p
        JOIN users u ON u.id = p.user_id
        LEFT JOIN tutor_subjects ts ON ts.tutor_profile_id = p.id
        LEFT JOIN subjects s ON s.id = ts.subject_id
       WHERE p.id = ANY (profile_ids)
       GROUP BY p.id, u.first_name, u.last_name
    ) keywords
   WHERE tp.id = keywords.id;
$$;
