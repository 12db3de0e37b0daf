-- The admin console (issue #15): a third role, tutor approval with reasons, reports, suspensions
-- and an audit log nobody can edit from the app.

-- Admins are promoted from the command line (npm run admin); a revoked admin is a student again.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('student', 'tutor', 'admin'));

-- A suspended user cannot sign in, and a suspended tutor is neither listed nor bookable. The
-- reason is what the admin gave; the user sees it when signing in is refused.
ALTER TABLE users
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_reason text CHECK (length(suspension_reason) BETWEEN 1 AND 1000),
  ADD CONSTRAINT users_suspension_has_reason CHECK ((suspended_at IS NULL) = (suspension_reason IS NULL));

-- A submitted tutor profile waits for an admin's decision (oldest first). The tick is the
-- approval itself, so is_verified becomes a column the database computes from it: one truth.
ALTER TABLE tutor_profiles
  ADD COLUMN approval_status text NOT NULL DEFAULT 'pending'
    CONSTRAINT tutor_profiles_approval_status_check
    CHECK (approval_status IN ('pending', 'approved', 'rejected')),
  -- When the profile last entered the queue (the wizard's submit, or a resubmit).
  ADD COLUMN submitted_at timestamptz;
UPDATE tutor_profiles
   SET approval_status = CASE WHEN is_verified THEN 'approved' ELSE 'pending' END,
       submitted_at = created_at;
ALTER TABLE tutor_profiles
  ALTER COLUMN submitted_at SET NOT NULL,
  ALTER COLUMN submitted_at SET DEFAULT now(),
  DROP COLUMN is_verified;
ALTER TABLE tutor_profiles
  ADD COLUMN is_verified boolean GENERATED ALWAYS AS (approval_status = 'approved') STORED;
CREATE INDEX tutor_profiles_approval_queue ON tutor_profiles (submitted_at, id)
  WHERE approval_status = 'pending';

-- A tutor is listed (found by search, their profile shown, bookable) while their account is
-- open and not suspended and their profile not rejected; a pending profile is listed without
-- the tick (ADR 020). The search row exists exactly then, kept so by the database whatever
-- changes one of the three: the app asks "listed?" as "has a tutor_search row?".
CREATE FUNCTION tutor_is_listed(profile_id uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT u.closed_at IS NULL AND u.suspended_at IS NULL AND tp.approval_status <> 'rejected'
    FROM tutor_profiles tp JOIN users u ON u.id = tp.user_id
   WHERE tp.id = profile_id
$$;

CREATE FUNCTION sync_tutor_listing(profile_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tutor_search
   WHERE tutor_profile_id = ANY (profile_ids) AND NOT tutor_is_listed(tutor_profile_id);
  INSERT INTO tutor_search (tutor_profile_id, hourly_rate_cents, rating_hundredths, review_count)
  SELECT tp.id, tp.hourly_rate_cents, (tp.average_rating * 100)::smallint, tp.review_count
    FROM tutor_profiles tp
   WHERE tp.id = ANY (profile_ids) AND tutor_is_listed(tp.id)
  ON CONFLICT (tutor_profile_id) DO NOTHING;
  -- A row back in the table gets its words at commit.
  PERFORM mark_tutor_search_stale(profile_ids);
END;
$$;

-- A new profile enters search only when listed (one written for a suspended or closed account
-- stays out); price and rating follow the profile as before (migration 006).
CREATE OR REPLACE FUNCTION sync_tutor_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF tutor_is_listed(NEW.id) THEN
      INSERT INTO tutor_search (tutor_profile_id, hourly_rate_cents, rating_hundredths, review_count)
      VALUES (NEW.id, NEW.hourly_rate_cents, (NEW.average_rating * 100)::smallint, NEW.review_count);
    END IF;
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

CREATE FUNCTION sync_profile_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_tutor_listing(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER tutor_profiles_listing
  AFTER UPDATE OF approval_status ON tutor_profiles FOR EACH ROW
  WHEN (OLD.approval_status IS DISTINCT FROM NEW.approval_status)
  EXECUTE FUNCTION sync_profile_listing();

CREATE FUNCTION sync_user_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_tutor_listing(ARRAY(SELECT id FROM tutor_profiles WHERE user_id = NEW.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_listing
  AFTER UPDATE OF suspended_at, closed_at ON users FOR EACH ROW
  WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
  EXECUTE FUNCTION sync_user_listing();

-- Every decision on a profile, kept: the tutor sees the latest reason, the admin the history.
CREATE TABLE tutor_profile_decisions (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tutor_profile_id  uuid NOT NULL REFERENCES tutor_profiles (id) ON DELETE CASCADE,
  admin_id          uuid NOT NULL REFERENCES users (id),
  decision          text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  -- A code from the domain's list of rejection reasons, and the admin's own words.
  reason            text CHECK (length(reason) BETWEEN 1 AND 50),
  note              text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  created_at        timestamptz NOT NULL,
  CHECK ((decision = 'rejected') = (reason IS NOT NULL))
);
CREATE INDEX tutor_profile_decisions_profile ON tutor_profile_decisions (tutor_profile_id, created_at DESC);

-- What a student or tutor reports: a user, a review or a message (messages arrive with issue
-- #16: the id is kept, its foreign key comes with the table). Always about one person.
CREATE TABLE reports (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id       uuid NOT NULL REFERENCES users (id),
  kind              text NOT NULL CHECK (kind IN ('user', 'review', 'message')),
  reported_user_id  uuid NOT NULL REFERENCES users (id),
  review_id         uuid REFERENCES reviews (id) ON DELETE CASCADE,
  message_id        uuid,
  reason            text NOT NULL CHECK (length(reason) BETWEEN 1 AND 50),
  details           text NOT NULL DEFAULT '' CHECK (length(details) <= 2000),
  status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  created_at        timestamptz NOT NULL,
  resolved_at       timestamptz,
  resolved_by       uuid REFERENCES users (id),
  CHECK ((status = 'open') = (resolved_at IS NULL)),
  CHECK ((resolved_at IS NULL) = (resolved_by IS NULL)),
  CHECK ((kind = 'review') = (review_id IS NOT NULL)),
  CHECK ((kind = 'message') = (message_id IS NOT NULL)),
  CHECK (reporter_id <> reported_user_id)
);
CREATE INDEX reports_open ON reports (created_at, id) WHERE status = 'open';
-- The reporter's recent reports (the rate limit) and a user's reports (the admin's user page).
CREATE INDEX reports_reporter_recent ON reports (reporter_id, created_at DESC);
CREATE INDEX reports_reported_user ON reports (reported_user_id, created_at DESC);

-- A hidden review stays stored (the author still sees it) but leaves the profile, its count and
-- its average.
ALTER TABLE reviews ADD COLUMN hidden_at timestamptz;

CREATE OR REPLACE FUNCTION apply_review_to_tutor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    UPDATE tutor_profiles SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
      WHERE id = NEW.tutor_profile_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.hidden_at IS NULL THEN
    UPDATE tutor_profiles SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
      WHERE id = OLD.tutor_profile_id;
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER reviews_apply_to_tutor ON reviews;
CREATE TRIGGER reviews_apply_to_tutor
  AFTER INSERT OR UPDATE OF rating, tutor_profile_id, hidden_at OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION apply_review_to_tutor();

-- Who did what, to whom, when and why. Written in the transaction of the action; rows are
-- never changed or removed (the trigger refuses it, whatever the app asks). An action from the
-- command line (npm run admin) has no admin.
CREATE TABLE audit_log (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id        uuid REFERENCES users (id),
  action          text NOT NULL CONSTRAINT audit_log_action_check CHECK (action IN (
    'admin_granted', 'admin_revoked', 'tutor_approved', 'tutor_rejected', 'review_hidden',
    'review_restored', 'user_suspended', 'user_restored', 'report_dismissed')),
  target_user_id  uuid REFERENCES users (id),
  -- Kept without a foreign key: the record outlives what it names.
  review_id       uuid,
  report_id       uuid REFERENCES reports (id),
  reason          text NOT NULL DEFAULT '' CHECK (length(reason) <= 2000),
  created_at      timestamptz NOT NULL
);
CREATE INDEX audit_log_newest ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_target_user ON audit_log (target_user_id, created_at DESC);

CREATE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_log_change();
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();

-- Money for the lessons a suspension cancels goes back under its own reason (the payer reads
-- why on Billing).
ALTER TABLE payments DROP CONSTRAINT payments_refund_reason_check;
ALTER TABLE payments ADD CONSTRAINT payments_refund_reason_check
  CHECK (refund_reason IN ('slot_taken', 'account_closed', 'lesson_canceled', 'tutor_canceled',
    'tutor_no_show', 'account_suspended'));

-- The tutor hears of the decision under the bell too.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'lesson_booked', 'lesson_rescheduled', 'lesson_canceled', 'review_received', 'refund_issued',
  'profile_approved', 'profile_rejected'));
