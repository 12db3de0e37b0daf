-- A double-entry ledger (issue #25, ADR 028). Every money event is one ledger transaction whose
-- entries sum to zero per currency, checked by the database when the database transaction
-- commits; entries are never changed or removed. Balances are sums of entries.
--
-- Signs: an entry is positive when it adds to what the platform holds (cash) or takes from what
-- it owes, negative otherwise. Cash is positive; what is owed (unearned lesson money, the
-- tutors' balances, revenue) sums negative, and is shown negated.

CREATE TABLE ledger_accounts (
  id                serial PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN (
    -- The platform's money at its payment provider.
    'provider_cash',
    -- Paid by students for lessons not yet given.
    'unearned',
    -- The platform's commission on lessons given.
    'platform_revenue',
    -- Admins' corrections of a tutor's balance (the platform gives or takes).
    'adjustments',
    -- A tutor's earnings: in the no-show window, free to withdraw, on their way to the bank.
    'tutor_pending', 'tutor_available', 'tutor_in_transit')),
  tutor_profile_id  uuid REFERENCES tutor_profiles (id),
  currency          char(3) NOT NULL,
  CHECK ((kind LIKE 'tutor\_%') = (tutor_profile_id IS NOT NULL)),
  UNIQUE NULLS NOT DISTINCT (kind, tutor_profile_id, currency),
  -- Entries name their account with its currency: one cannot post dollars to a euro account.
  UNIQUE (id, currency)
);

CREATE TABLE ledger_transactions (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind              text NOT NULL CHECK (kind IN (
    'payment_received', 'refund', 'lesson_earned', 'lesson_reversed',
    'earnings_released', 'payout_requested', 'payout_paid', 'payout_failed', 'adjustment')),
  -- What caused it, once: a second posting of the same event finds its key and does nothing.
  event_key         text NOT NULL UNIQUE,
  tutor_profile_id  uuid,
  payment_id        uuid,
  lesson_id         uuid,
  payout_id         uuid,
  memo              text NOT NULL DEFAULT '' CHECK (length(memo) <= 500),
  created_by        uuid,
  created_at        timestamptz NOT NULL
);
CREATE INDEX ledger_transactions_tutor ON ledger_transactions (tutor_profile_id, created_at);
CREATE INDEX ledger_transactions_payment ON ledger_transactions (payment_id);
CREATE INDEX ledger_transactions_lesson ON ledger_transactions (lesson_id);

CREATE TABLE ledger_entries (
  id              bigserial PRIMARY KEY,
  transaction_id  uuid NOT NULL REFERENCES ledger_transactions (id),
  account_id      integer NOT NULL,
  amount_cents    bigint NOT NULL CHECK (amount_cents <> 0),
  currency        char(3) NOT NULL,
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id);

-- A transaction that does not sum to zero in each currency is refused at commit.
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off record;
BEGIN
  SELECT currency, sum(amount_cents) AS total INTO off
    FROM ledger_entries WHERE transaction_id = NEW.transaction_id
   GROUP BY currency HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: % % off', NEW.transaction_id,
      off.total, off.currency USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();

-- Append-only: a mistake is corrected by a new transaction, never by editing history.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = '55000';
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The account of a kind (and tutor) in a currency, created the first time money reaches it.
CREATE FUNCTION ledger_account(p_kind text, p_tutor uuid, p_currency char(3))
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  found_id integer;
BEGIN
  SELECT id INTO found_id FROM ledger_accounts
   WHERE kind = p_kind AND tutor_profile_id IS NOT DISTINCT FROM p_tutor AND currency = p_currency;
  IF found_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, tutor_profile_id, currency)
    VALUES (p_kind, p_tutor, p_currency) ON CONFLICT DO NOTHING;
    SELECT id INTO found_id FROM ledger_accounts
     WHERE kind = p_kind AND tutor_profile_id IS NOT DISTINCT FROM p_tutor AND currency = p_currency;
  END IF;
  RETURN found_id;
END;
$$;

-- The commission rate fixed when a student's payment completed (single lesson or package):
-- every lesson it pays for is earned at this rate, whenever it is given.
CREATE TABLE payment_commissions (
  payment_id      uuid PRIMARY KEY REFERENCES payments (id),
  rate_bp         integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  -- The tutor's completed teaching minutes when the rate was fixed (the tier's reason).
  taught_minutes  integer NOT NULL CHECK (taught_minutes >= 0),
  fixed_at        timestamptz NOT NULL
);

-- A lesson's money once it is earned: its price split at the rate fixed on its payment, and
-- where the tutor's share is (pending in the no-show window, then available; reversed when an
-- absent tutor's lesson goes back to the student).
CREATE TABLE lesson_earnings (
  lesson_id         uuid PRIMARY KEY,
  tutor_profile_id  uuid NOT NULL REFERENCES tutor_profiles (id),
  payment_id        uuid NOT NULL REFERENCES payments (id),
  currency          char(3) NOT NULL,
  price_cents       integer NOT NULL CHECK (price_cents > 0),
  rate_bp           integer NOT NULL,
  commission_cents  integer NOT NULL CHECK (commission_cents >= 0),
  net_cents         integer NOT NULL CHECK (net_cents >= 0),
  status            text NOT NULL CHECK (status IN ('pending', 'available', 'reversed')),
  earned_at         timestamptz NOT NULL,
  -- The lesson's end: its money is released when the no-show window after it has closed.
  lesson_ends_at    timestamptz NOT NULL,
  released_at       timestamptz,
  CHECK (commission_cents + net_cents = price_cents)
);
CREATE INDEX lesson_earnings_tutor ON lesson_earnings (tutor_profile_id, earned_at DESC);
CREATE INDEX lesson_earnings_to_release ON lesson_earnings (lesson_ends_at) WHERE status = 'pending';

-- A lesson's price is earned when it is given, or when it counts as given although it did not
-- happen (a late cancel, an absent student: its credit or payment is forfeited). It is earned
-- at the database, in the transaction that changes the lesson's status, whichever code does it.
CREATE FUNCTION lesson_counts_as_given(status text, credit_forfeited boolean)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'completed' OR (status IN ('canceled', 'no_show') AND credit_forfeited)
$$;

CREATE FUNCTION ledger_post_lesson() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_given boolean := TG_OP = 'UPDATE' AND lesson_counts_as_given(OLD.status, OLD.credit_forfeited);
  is_given boolean := lesson_counts_as_given(NEW.status, NEW.credit_forfeited);
  paid_by uuid;
  rate integer;
  currency char(3);
  commission integer;
  earning lesson_earnings%ROWTYPE;
  txn uuid;
  now_at timestamptz := NEW.updated_at;
BEGIN
  IF NEW.is_trial OR NEW.price_cents = 0 OR was_given = is_given THEN RETURN NULL; END IF;
  IF is_given THEN
    IF EXISTS (SELECT 1 FROM lesson_earnings WHERE lesson_id = NEW.id) THEN RETURN NULL; END IF;
    paid_by := coalesce(NEW.payment_id,
      (SELECT payment_id FROM student_packages WHERE id = NEW.student_package_id));
    SELECT pc.rate_bp, p.currency INTO rate, currency
      FROM payment_commissions pc JOIN payments p ON p.id = pc.payment_id
     WHERE pc.payment_id = paid_by;
    -- Paid before the ledger existed, or not paid through a payment: nothing to move.
    IF rate IS NULL THEN RETURN NULL; END IF;
    -- The same rounding as the domain's commissionCents: nearest cent, halves up.
    commission := floor((NEW.price_cents::bigint * rate + 5000) / 10000);
    INSERT INTO lesson_earnings (lesson_id, tutor_profile_id, payment_id, currency, price_cents,
      rate_bp, commission_cents, net_cents, status, earned_at, lesson_ends_at)
    VALUES (NEW.id, NEW.tutor_profile_id, paid_by, currency, NEW.price_cents, rate, commission,
      NEW.price_cents - commission, 'pending', now_at, NEW.ends_at);
    INSERT INTO ledger_transactions (kind, event_key, tutor_profile_id, payment_id, lesson_id,
      created_at)
    VALUES ('lesson_earned', 'lesson-earned:' || NEW.id, NEW.tutor_profile_id, paid_by, NEW.id,
      now_at) RETURNING id INTO txn;
    INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, currency) VALUES
      (txn, ledger_account('unearned', NULL, currency), NEW.price_cents, currency),
      (txn, ledger_account('tutor_pending', NEW.tutor_profile_id, currency),
        -(NEW.price_cents - commission), currency);
    IF commission > 0 THEN
      INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, currency) VALUES
        (txn, ledger_account('platform_revenue', NULL, currency), -commission, currency);
    END IF;
    RETURN NULL;
  END IF;
  -- No longer given (an absent tutor reported after the lesson completed): the price goes back
  -- to unearned, from where the student's refund takes it.
  SELECT * INTO earning FROM lesson_earnings WHERE lesson_id = NEW.id FOR UPDATE;
  IF NOT FOUND OR earning.status = 'reversed' THEN RETURN NULL; END IF;
  UPDATE lesson_earnings SET status = 'reversed' WHERE lesson_id = NEW.id;
  INSERT INTO ledger_transactions (kind, event_key, tutor_profile_id, payment_id, lesson_id,
    created_at)
  VALUES ('lesson_reversed', 'lesson-reversed:' || NEW.id, NEW.tutor_profile_id,
    earning.payment_id, NEW.id, now_at) RETURNING id INTO txn;
  INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, currency) VALUES
    (txn, ledger_account('unearned', NULL, earning.currency), -earning.price_cents,
      earning.currency),
    (txn, ledger_account(CASE earning.status WHEN 'pending' THEN 'tutor_pending'
        ELSE 'tutor_available' END, NEW.tutor_profile_id, earning.currency),
      earning.net_cents, earning.currency);
  IF earning.commission_cents > 0 THEN
    INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, currency) VALUES
      (txn, ledger_account('platform_revenue', NULL, earning.currency), earning.commission_cents,
        earning.currency);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER lessons_post_to_ledger
  AFTER UPDATE OF status, credit_forfeited ON lessons
  FOR EACH ROW EXECUTE FUNCTION ledger_post_lesson();
