-- Tutor profiles, their subjects, languages, certificates and weekly
-- availability; the wizard's saved progress; and uploaded files with their owners.

CREATE TABLE tutor_profiles (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id               uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  bio                   text NOT NULL CHECK (length(bio) BETWEEN 1 AND 2000),
  teaching_experience   integer NOT NULL CHECK (teaching_experience BETWEEN 0 AND 50),
  hourly_rate_cents     integer NOT NULL CHECK (hourly_rate_cents > 0),
  currency              char(3) NOT NULL DEFAULT 'USD',
  country_of_residence  text NOT NULL CHECK (length(country_of_residence) BETWEEN 1 AND 100),
  native_language       text NOT NULL CHECK (length(native_language) BETWEEN 1 AND 100),
  education_level       text NOT NULL,
  education_title       text NOT NULL,
  university            text NOT NULL,
  year_of_graduation    integer NOT NULL CHECK (year_of_graduation >= 1950),
  teaching_style        text NOT NULL,
  lesson_specialties    text[] NOT NULL DEFAULT '{}',
  specializations       text[] NOT NULL DEFAULT '{}',
  video_url             text NOT NULL,
  avatar_path           text,
  timezone              text NOT NULL,
  is_verified           boolean NOT NULL DEFAULT false,
  review_count          integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  rating_sum            integer NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  lessons_taught        integer NOT NULL DEFAULT 0 CHECK (lessons_taught >= 0),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tutor_subjects (
  tutor_profile_id   uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  subject_id         integer NOT NULL REFERENCES subjects (id),
  proficiency_level  text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tutor_profile_id, subject_id)
);
CREATE INDEX tutor_subjects_subject ON tutor_subjects (subject_id);

CREATE TABLE tutor_languages (
  tutor_profile_id   uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  language_id        integer NOT NULL REFERENCES languages (id),
  proficiency_level  text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tutor_profile_id, language_id)
);
CREATE INDEX tutor_languages_language ON tutor_languages (language_id);

CREATE TABLE tutor_certificates (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tutor_profile_id  uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  name              text NOT NULL,
  issued_by         text NOT NULL,
  year              integer NOT NULL CHECK (year >= 1950),
  url               text,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tutor_certificates_profile ON tutor_certificates (tutor_profile_id);

-- Weekly windows in the tutor's wall-clock time (the source of truth for slot generation),
-- plus their UTC restatement for the current week (informational only).
CREATE TABLE availability_slots (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tutor_profile_id    uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  local_day_of_week   smallint NOT NULL CHECK (local_day_of_week BETWEEN 0 AND 6),
  local_start_time    text NOT NULL CHECK (local_start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  local_end_time      text NOT NULL CHECK (local_end_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
  local_timezone      text NOT NULL,
  day_of_week         smallint NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
  start_time          text NOT NULL,
  end_time            text NOT NULL,
  is_recurring        boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (local_end_time > local_start_time)
);
CREATE INDEX availability_slots_profile ON availability_slots (tutor_profile_id);

-- The wizard's progress, so a tutor can stop and continue on another device.
CREATE TABLE tutor_profile_drafts (
  user_id          uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  completed_steps  text[] NOT NULL DEFAULT '{}',
  draft            jsonb NOT NULL DEFAULT '{}',
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Uploaded files; the path always starts with the owner's id.
CREATE TABLE stored_files (
  path          text PRIMARY KEY,
  owner_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type  text NOT NULL,
  size_bytes    integer NOT NULL CHECK (size_bytes > 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_with(path, owner_id::text || '/'))
);
