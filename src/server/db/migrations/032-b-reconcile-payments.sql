-- Reconciliation of students' money too (issue #25, ADR 034): besides each payout's transfer,
-- the daily run compares each charge and each refund at the provider with the ledger's
-- provider-cash entries. A finding names what it is about (transfer, charge, refund) and one of
-- three kinds: the provider has it and the ledger does not (unknown), the ledger has it and the
-- provider does not (missing), or both with different amounts. provider_ref is the provider's
-- id of the object (transfer, payment intent, refund), where one is known.
ALTER TABLE reconciliation_findings
  ADD COLUMN subject text NOT NULL DEFAULT 'transfer'
    CHECK (subject IN ('transfer', 'charge', 'refund')),
  ADD COLUMN payment_id uuid;
ALTER TABLE reconciliation_findings ALTER COLUMN subject DROP DEFAULT;
ALTER TABLE reconciliation_findings RENAME COLUMN transfer_id TO provider_ref;
ALTER TABLE reconciliation_findings DROP CONSTRAINT reconciliation_findings_kind_check;
UPDATE reconciliation_findings
   SET kind = CASE kind WHEN 'unknown_transfer' THEN 'unknown'
                        WHEN 'missing_transfer' THEN 'missing'
                        ELSE kind END;
ALTER TABLE reconciliation_findings ADD CONSTRAINT reconciliation_findings_kind_check
  CHECK (kind IN ('unknown', 'missing', 'amount_differs'));
