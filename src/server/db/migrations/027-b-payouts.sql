-- Payouts (issue #25, ADR 028): where a tutor is paid, and each payout, written before the
-- provider is called and keyed by its own id there.

-- A tutor's account at the payout provider; the provider's webhooks keep its status.
CREATE TABLE payout_accounts (
  tutor_profile_id     uuid PRIMARY KEY REFERENCES tutor_profiles (id),
  provider             text NOT NULL CHECK (provider IN ('local', 'stripe')),
  provider_account_id  text NOT NULL UNIQUE,
  -- onboarding: details not given yet; active: payouts enabled; needs_attention: the provider
  -- wants something (a failed payout, a requirement due).
  status               text NOT NULL DEFAULT 'onboarding'
                       CHECK (status IN ('onboarding', 'active', 'needs_attention')),
  -- What the tutor must do, in the provider's words, when it needs attention.
  attention_reason     text NOT NULL DEFAULT '' CHECK (length(attention_reason) <= 300),
  -- How the account is shown: "IBAN •••• 3000", "Account •••• 6789".
  display_name         text NOT NULL DEFAULT '' CHECK (length(display_name) <= 100),
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);

CREATE TABLE payouts (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tutor_profile_id      uuid NOT NULL REFERENCES tutor_profiles (id),
  amount_cents          integer NOT NULL CHECK (amount_cents > 0),
  currency              char(3) NOT NULL,
  -- requested: row and ledger written, the provider not yet told; in_transit: the provider took
  -- it; paid / failed: its webhook said so.
  status                text NOT NULL DEFAULT 'requested'
                        CHECK (status IN ('requested', 'in_transit', 'paid', 'failed')),
  origin                text NOT NULL CHECK (origin IN ('withdraw', 'weekly', 'retry')),
  provider              text NOT NULL CHECK (provider IN ('local', 'stripe')),
  provider_account_id   text NOT NULL,
  provider_transfer_id  text UNIQUE,
  failure_reason        text CHECK (length(failure_reason) <= 300),
  -- A failed payout retried by an admin points at the payout that retries it.
  retried_by            uuid REFERENCES payouts (id),
  requested_at          timestamptz NOT NULL,
  sent_at               timestamptz,
  settled_at            timestamptz,
  CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
);
-- One payout on its way per tutor at a time: two processes running the weekly job, or a
-- Withdraw pressed twice, cannot both take the same available money.
CREATE UNIQUE INDEX payouts_one_open_per_tutor ON payouts (tutor_profile_id)
  WHERE status IN ('requested', 'in_transit');
CREATE INDEX payouts_tutor ON payouts (tutor_profile_id, requested_at DESC);

-- The built-in payout provider's own records ('local', the default): the bank details a tutor
-- gave on its onboarding page, and the transfers it was asked for, once per idempotency key.
CREATE TABLE local_payout_accounts (
  id              text PRIMARY KEY,
  -- The onboarding link's secret part: the page is reached only through the link.
  onboarding_token text NOT NULL UNIQUE,
  legal_name      text CHECK (length(legal_name) <= 100),
  country         char(2),
  iban            text,
  account_number  text,
  routing_number  text,
  completed_at    timestamptz,
  created_at      timestamptz NOT NULL,
  CHECK (completed_at IS NULL OR (legal_name IS NOT NULL AND country IS NOT NULL AND
    (iban IS NOT NULL) <> (account_number IS NOT NULL AND routing_number IS NOT NULL)))
);
CREATE TABLE local_transfers (
  id               text PRIMARY KEY,
  account_id       text NOT NULL REFERENCES local_payout_accounts (id),
  idempotency_key  text NOT NULL UNIQUE,
  amount_cents     integer NOT NULL CHECK (amount_cents > 0),
  currency         char(3) NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  failure_code     text,
  created_at       timestamptz NOT NULL,
  settled_at       timestamptz
);

-- Payout webhooks already applied (the local provider's and Stripe's): a replay does nothing.
CREATE TABLE payout_events (
  provider     text NOT NULL,
  event_id     text NOT NULL,
  type         text NOT NULL,
  payout_id    uuid REFERENCES payouts (id),
  received_at  timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- Admins' money actions are audited: a balance adjustment (with its reason), a payout retried.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'admin_granted', 'admin_revoked', 'tutor_approved', 'tutor_rejected', 'review_hidden',
  'review_restored', 'user_suspended', 'user_restored', 'report_dismissed', 'balance_adjusted',
  'payout_retried'));
