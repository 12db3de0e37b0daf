-- Lessons: one row per booked lesson. The database itself refuses double
-- booking: no two lessons that hold time (pending, scheduled, in progress) may overlap for the
-- same tutor or the same student, whatever the application does (SQLSTATE 23P01).

CREATE TABLE lessons (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tutor_profile_id  uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  student_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject_id        integer NOT NULL REFERENCES subjects (id),
  -- The booked slot in UTC (a 50-minute lesson holds its 60-minute slot).
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  duration_minutes  smallint NOT NULL CHECK (duration_minutes IN (25, 50, 100)),
  is_trial          boolean NOT NULL DEFAULT false,
  status            text NOT NULL DEFAULT 'pending' CHECK (
    status IN ('pending', 'scheduled', 'in_progress', 'completed', 'canceled', 'no_show')),
  price_cents       integer NOT NULL CHECK (price_cents >= 0),
  currency          char(3) NOT NULL DEFAULT 'USD',
  -- The zone the student booked in: times are shown back in it.
  timezone          text NOT NULL,
  meeting_url       text,
  student_notes     text NOT NULL DEFAULT '' CHECK (length(student_notes) <= 20000),
  tutor_prep_notes  text NOT NULL DEFAULT '' CHECK (length(tutor_prep_notes) <= 20000),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (NOT is_trial OR price_cents = 0),
  CONSTRAINT lessons_tutor_no_overlap EXCLUDE USING gist (
    tutor_profile_id WITH =, tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status IN ('pending', 'scheduled', 'in_progress')),
  CONSTRAINT lessons_student_no_overlap EXCLUDE USING gist (
    student_id WITH =, tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status IN ('pending', 'scheduled', 'in_progress'))
);

-- One trial per student and tutor; a canceled trial does not count.
CREATE UNIQUE INDEX lessons_one_trial_per_tutor ON lessons (student_id, tutor_profile_id)
  WHERE is_trial AND status <> 'canceled';
-- Upcoming lessons of a student, of a tutor (the exclusion constraints' indexes serve overlap
-- checks; these serve the lists, by end so that a lesson in progress still shows).
CREATE INDEX lessons_student_upcoming ON lessons (student_id, ends_at);
CREATE INDEX lessons_tutor_upcoming ON lessons (tutor_profile_id, ends_at);
