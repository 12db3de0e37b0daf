-- Tutor search at marketplace scale (ADR 006, revised): a narrow search table whose word
-- vectors a GIN index answers exactly (no trigram re-check of wide rows), a vocabulary that
-- turns query words and typos into exact words, and a per-price summary for exact counts of
-- searches without text or chips.

-- One row per tutor profile: only what a text or chip search filters, matches and ranks on.
-- The trigger below keeps price and rating in step; refresh_tutor_search_text() (called when a
-- profile is submitted and by the seeder) rebuilds the words. Price and rating are in no index
-- here, so the update a review causes is HOT (no new GIN entries, stays on its page: hence the
-- fillfactor); searches without text sort on tutor_profiles' own indexes.
CREATE TABLE tutor_search (
  tutor_profile_id   uuid PRIMARY KEY REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  hourly_rate_cents  integer NOT NULL,
  -- average_rating x 100 (it has two decimals), NULL without reviews: integers compare and
  -- sort faster than numeric.
  rating_hundredths  smallint,
  review_count       integer NOT NULL,
  -- Words of the name and subjects (relevance).
  keywords           tsvector NOT NULL DEFAULT '',
  -- Words of the name, subjects and bio, plus a tag per subject ('#s<id>') and language
  -- ('#l<id>') so that chips are looked up in the same index. The 'simple' configuration
  -- lower-cases without stemming or stop words: any language works.
  words              tsvector NOT NULL DEFAULT ''
) WITH (fillfactor = 85);
CREATE INDEX tutor_search_words ON tutor_search USING gin (words);

-- Every distinct word of the tutors' names, subjects and bios. A query word is expanded here
-- into the exact words it starts (a btree range) and, for typos, the close name and subject
-- words (trigram similarity): the search then looks up exact words in tutor_search.words,
-- which the planner estimates well (a 'math:*' prefix query looked costlier than a full scan).
-- Words are only ever added: one no tutor uses any more expands to nothing.
CREATE TABLE search_vocabulary (
  word         text PRIMARY KEY,
  -- A word of some tutor's name or subjects: typo matching only considers these.
  in_keywords  boolean NOT NULL DEFAULT false
);
CREATE INDEX search_vocabulary_prefix ON search_vocabulary (word text_pattern_ops);
CREATE INDEX search_vocabulary_keywords_trgm ON search_vocabulary USING gin (word gin_trgm_ops)
  WHERE in_keywords;

-- How many tutors have each price and rating band (NULL rating = -1, else the half star at
-- or below it, x 100): the exact total of a search filtered only by price and minimum rating
-- (the landing page) is a sum over a few hundred rows instead of a count over every tutor.
CREATE TABLE tutor_search_counts (
  hourly_rate_cents  integer NOT NULL,
  rating_band        smallint NOT NULL,
  tutors             integer NOT NULL CHECK (tutors >= 0),
  PRIMARY KEY (hourly_rate_cents, rating_band)
);

CREATE FUNCTION tutor_rating_band(rating_hundredths smallint) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((rating_hundredths / 50) * 50, -1)::smallint
$$;

CREATE FUNCTION count_tutor_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key integer[];
  new_key integer[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_key := ARRAY[OLD.hourly_rate_cents, tutor_rating_band(OLD.rating_hundredths)];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := ARRAY[NEW.hourly_rate_cents, tutor_rating_band(NEW.rating_hundredths)];
  END IF;
  IF old_key IS NOT DISTINCT FROM new_key THEN
    RETURN NULL;
  END IF;
  -- Touch the two bands in key order, so two tutors moving opposite ways cannot deadlock.
  IF old_key IS NOT NULL AND (new_key IS NULL OR old_key < new_key) THEN
    UPDATE tutor_search_counts SET tutors = tutors - 1
     WHERE hourly_rate_cents = old_key[1] AND rating_band = old_key[2];
    old_key := NULL;
  END IF;
  IF new_key IS NOT NULL THEN
    INSERT INTO tutor_search_counts AS c (hourly_rate_cents, rating_band, tutors)
    VALUES (new_key[1], new_key[2], 1)
    ON CONFLICT (hourly_rate_cents, rating_band) DO UPDATE SET tutors = c.tutors + 1;
  END IF;
  IF old_key IS NOT NULL THEN
    UPDATE tutor_search_counts SET tutors = tutors - 1
     WHERE hourly_rate_cents = old_key[1] AND rating_band = old_key[2];
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tutor_search_count
  AFTER INSERT OR DELETE OR UPDATE OF hourly_rate_cents, rating_hundredths
  ON tutor_search FOR EACH ROW EXECUTE FUNCTION count_tutor_search();

-- Price and rating follow the profile (a review changes the rating through its own trigger).
CREATE FUNCTION sync_tutor_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tutor_search (tutor_profile_id, hourly_rate_cents, rating_hundredths, review_count)
    VALUES (NEW.id, NEW.hourly_rate_cents, (NEW.average_rating * 100)::smallint, NEW.review_count);
  ELSE
    UPDATE tutor_search
       SET hourly_rate_cents = NEW.hourly_rate_cents,
           rating_hundredths = (NEW.average_rating * 100)::smallint,
           review_count = NEW.review_count
     WHERE tutor_profile_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tutor_profiles_sync_search
  AFTER INSERT OR UPDATE OF hourly_rate_cents, review_count, rating_sum
  ON tutor_profiles FOR EACH ROW EXECUTE FUNCTION sync_tutor_search();

-- Rebuilds the words of the given tutors from their search columns, subjects and languages,
-- and adds their words to the vocabulary. Words with a quote, backslash or space (never
-- produced from a query word) stay out of it: they could not be quoted as lexemes.
CREATE FUNCTION refresh_tutor_search_words(profile_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE tutor_search s
     SET keywords = strip(to_tsvector('simple', tp.search_keywords)),
         words = strip(to_tsvector('simple', tp.search_text)) || array_to_tsvector(
           ARRAY(SELECT '#s' || subject_id FROM tutor_subjects WHERE tutor_profile_id = tp.id)
           || ARRAY(SELECT '#l' || language_id FROM tutor_languages WHERE tutor_profile_id = tp.id))
    FROM tutor_profiles tp
   WHERE tp.id = s.tutor_profile_id AND tp.id = ANY (profile_ids);

  INSERT INTO search_vocabulary AS v (word, in_keywords)
  SELECT word, bool_or(in_keywords)
    FROM (SELECT unnest(tsvector_to_array(keywords)) AS word, true AS in_keywords
            FROM tutor_search WHERE tutor_profile_id = ANY (profile_ids)
          UNION ALL
          SELECT unnest(tsvector_to_array(words)), false
            FROM tutor_search WHERE tutor_profile_id = ANY (profile_ids)) w
   WHERE word !~ '^#|[''\\[:space:]]'
   GROUP BY word
  ON CONFLICT (word) DO UPDATE SET in_keywords = true
   WHERE excluded.in_keywords AND NOT v.in_keywords;
$$;

-- Same contract as in 005 (callers need not change), now also rebuilding the search words.
CREATE OR REPLACE FUNCTION refresh_tutor_search_text(profile_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
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

  SELECT refresh_tutor_search_words(profile_ids);
$$;

INSERT INTO tutor_search (tutor_profile_id, hourly_rate_cents, rating_hundredths, review_count)
SELECT id, hourly_rate_cents, (average_rating * 100)::smallint, review_count FROM tutor_profiles;
SELECT refresh_tutor_search_words(array_agg(id)) FROM tutor_profiles;

-- Typo matching now runs against the vocabulary.
DROP INDEX tutor_profiles_search_keywords;
