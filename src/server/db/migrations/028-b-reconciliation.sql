-- Reconciliation (issue #25, ADR 028): each day the payout provider's record (Stripe's balance
-- transactions, or the built-in provider's transfers) is compared with the ledger, transfer by
-- transfer; every mismatch is stored as a finding for the admins' Finance page.

CREATE TABLE reconciliation_runs (
  id           bigserial PRIMARY KEY,
  provider     text NOT NULL CHECK (provider IN ('local', 'stripe')),
  -- The daily job runs once a day across processes (its job is keyed by the day).
  finished_at  timestamptz NOT NULL,
  findings     integer NOT NULL CHECK (findings >= 0)
);
CREATE INDEX reconciliation_runs_latest ON reconciliation_runs (finished_at DESC, id DESC);

CREATE TABLE reconciliation_findings (
  id               bigserial PRIMARY KEY,
  run_id           bigint NOT NULL REFERENCES reconciliation_runs (id),
  -- unknown_transfer: the provider moved money the ledger does not know; missing_transfer: the
  -- ledger has money out with no transfer at the provider; amount_differs: both, not equal.
  kind             text NOT NULL
                   CHECK (kind IN ('unknown_transfer', 'missing_transfer', 'amount_differs')),
  transfer_id      text,
  payout_id        uuid,
  currency         char(3) NOT NULL,
  -- Net money out for the transfer in cents, as each side has it.
  ledger_cents     bigint NOT NULL,
  provider_cents   bigint NOT NULL,
  CHECK (ledger_cents <> provider_cents)
);
CREATE INDEX reconciliation_findings_run ON reconciliation_findings (run_id);
