-- Paid lessons and packages (issue #11, ADR 015): payments, the provider events already
-- handled, the local hosted checkout's sessions, packages and the credits bought with them.

-- A paid lesson is created *awaiting payment* and holds its slot under the exclusion
-- constraints until hold_expires_at; the booking transaction turns lapsed holds into *expired*
-- before it checks a slot, so a lapsed hold never blocks anyone, job or no job.
ALTER TABLE lessons DROP CONSTRAINT lessons_status_check;
ALTER TABLE lessons ADD CONSTRAINT lessons_status_check CHECK (status IN (
  'awaiting_payment', 'pending', 'scheduled', 'in_progress', 'completed', 'canceled', 'no_show',
  'expired'));
ALTER TABLE lessons DROP CONSTRAINT lessons_tutor_no_overlap;
ALTER TABLE lessons DROP CONSTRAINT lessons_student_no_overlap;
ALTER TABLE lessons
  ADD CONSTRAINT lessons_tutor_no_overlap EXCLUDE USING gist (
    tutor_profile_id WITH =, tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status IN ('awaiting_payment', 'pending', 'scheduled', 'in_progress')),
  ADD CONSTRAINT lessons_student_no_overlap EXCLUDE USING gist (
    student_id WITH =, tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status IN ('awaiting_payment', 'pending', 'scheduled', 'in_progress'));

CREATE TABLE payments (
  id                          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  student_id                  uuid NOT NULL REFERENCES users (id),
  tutor_profile_id            uuid NOT NULL REFERENCES tutor_profiles (id),
  -- What was bought: one lesson, or a package (its first lesson is booked with it).
  kind                        text NOT NULL CHECK (kind IN ('single', 'package')),
  description                 text NOT NULL CHECK (length(description) <= 300),
  amount_cents                integer NOT NULL CHECK (amount_cents > 0),
  currency                    char(3) NOT NULL,
  status                      text NOT NULL DEFAULT 'pending' CHECK (status IN (
    'pending', 'completed', 'canceled', 'expired', 'refunded', 'partially_refunded')),
  provider                    text NOT NULL CHECK (provider IN ('local', 'stripe')),
  provider_session_id         text UNIQUE,
  provider_payment_intent_id  text,
  receipt_url                 text,
  refunded_cents              integer NOT NULL DEFAULT 0,
  -- Why money went back without anyone asking: 'slot_taken' (paid after the hold lapsed and
  -- someone else had booked the time).
  refund_reason               text CHECK (refund_reason IN ('slot_taken')),
  hold_expires_at             timestamptz NOT NULL,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now(),
  completed_at                timestamptz,
  refunded_at                 timestamptz,
  CHECK (refunded_cents BETWEEN 0 AND amount_cents)
);
CREATE INDEX payments_student ON payments (student_id, created_at DESC);
CREATE INDEX payments_tutor ON payments (tutor_profile_id, completed_at);
-- Pending payments whose hold lapsed, for the expiry job's sweep.
CREATE INDEX payments_pending_hold ON payments (hold_expires_at) WHERE status = 'pending';

-- Provider events already applied: a replayed webhook finds its id here and does nothing.
CREATE TABLE payment_events (
  provider     text NOT NULL,
  event_id     text NOT NULL,
  type         text NOT NULL,
  payment_id   uuid REFERENCES payments (id),
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The built-in hosted checkout (provider 'local'): its own record of each session, kept in the
-- database so any API process can serve the page, take the card and answer the webhook.
CREATE TABLE local_checkout_sessions (
  id                 text PRIMARY KEY,
  payment_id         uuid NOT NULL REFERENCES payments (id),
  idempotency_key    text NOT NULL UNIQUE,
  amount_cents       integer NOT NULL CHECK (amount_cents > 0),
  currency           char(3) NOT NULL,
  description        text NOT NULL,
  success_url        text NOT NULL,
  cancel_url         text NOT NULL,
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status     text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('paid', 'unpaid')),
  payment_intent_id  text UNIQUE,
  card_last4         char(4),
  refunded_cents     integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  expires_at         timestamptz NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  completed_at       timestamptz,
  CHECK (refunded_cents <= amount_cents)
);
CREATE TABLE local_refunds (
  id               text PRIMARY KEY,
  session_id       text NOT NULL REFERENCES local_checkout_sessions (id),
  idempotency_key  text NOT NULL UNIQUE,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Packages the platform offers with every tutor (spec 3: platform_packages), priced from the
-- tutor's rate: lessons x single-lesson price, less the discount.
CREATE TABLE platform_packages (
  id                   serial PRIMARY KEY,
  name                 text NOT NULL,
  number_of_lessons    smallint NOT NULL CHECK (number_of_lessons BETWEEN 2 AND 50),
  discount_percentage  smallint NOT NULL CHECK (discount_percentage BETWEEN 0 AND 50),
  validity_days        smallint NOT NULL CHECK (validity_days BETWEEN 7 AND 730),
  description          text NOT NULL DEFAULT '',
  sort_order           smallint NOT NULL DEFAULT 0,
  is_active            boolean NOT NULL DEFAULT true
);
INSERT INTO platform_packages
  (name, number_of_lessons, discount_percentage, validity_days, description, sort_order)
VALUES
  ('Starter', 5, 5, 60, 'Five lessons to build a habit.', 1),
  ('Steady progress', 10, 10, 120, 'Ten lessons for steady progress.', 2),
  ('Intensive', 20, 15, 240, 'Twenty lessons for real fluency.', 3);

-- A tutor's own packages (spec 3: lesson_packages); retired ones stay for past purchases.
CREATE TABLE lesson_packages (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tutor_profile_id     uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  subject_id           integer REFERENCES subjects (id),
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  number_of_lessons    smallint NOT NULL CHECK (number_of_lessons BETWEEN 2 AND 50),
  discount_percentage  smallint NOT NULL CHECK (discount_percentage BETWEEN 0 AND 50),
  validity_days        smallint NOT NULL CHECK (validity_days BETWEEN 7 AND 730),
  description          text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  is_active            boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lesson_packages_tutor ON lesson_packages (tutor_profile_id, number_of_lessons);

-- A package a student bought: N lessons of one length with one tutor, valid until expires_at
-- (set when the payment completes). Credits left = N minus its lessons that still count
-- (a canceled or expired lesson gives its credit back).
CREATE TABLE student_packages (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  student_id           uuid NOT NULL REFERENCES users (id),
  tutor_profile_id     uuid NOT NULL REFERENCES tutor_profiles (id),
  subject_id           integer NOT NULL REFERENCES subjects (id),
  payment_id           uuid NOT NULL UNIQUE REFERENCES payments (id),
  platform_package_id  integer REFERENCES platform_packages (id),
  lesson_package_id    uuid REFERENCES lesson_packages (id),
  name                 text NOT NULL,
  number_of_lessons    smallint NOT NULL CHECK (number_of_lessons BETWEEN 2 AND 50),
  lesson_minutes       smallint NOT NULL CHECK (lesson_minutes IN (25, 50, 100)),
  validity_days        smallint NOT NULL,
  status               text NOT NULL DEFAULT 'awaiting_payment' CHECK (status IN (
    'awaiting_payment', 'active', 'expired', 'refunded')),
  expires_at           timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  CHECK ((platform_package_id IS NULL) <> (lesson_package_id IS NULL)),
  CHECK (status IN ('awaiting_payment', 'expired', 'refunded') OR expires_at IS NOT NULL)
);
CREATE INDEX student_packages_student ON student_packages (student_id, tutor_profile_id);

ALTER TABLE lessons
  ADD COLUMN payment_id          uuid REFERENCES payments (id),
  ADD COLUMN student_package_id  uuid REFERENCES student_packages (id),
  ADD COLUMN hold_expires_at     timestamptz,
  -- A lesson awaiting payment always knows when its hold ends.
  ADD CONSTRAINT lessons_awaiting_has_hold CHECK (
    status <> 'awaiting_payment' OR hold_expires_at IS NOT NULL);
CREATE INDEX lessons_payment ON lessons (payment_id);
CREATE INDEX lessons_student_package ON lessons (student_package_id);
