-- Refunds pending-row-first (issue #25, ADR 028): the refund row is written, with its own id,
-- before the provider is called; the provider gets that id as idempotency key and as metadata,
-- and a retry looks the refund up at the provider by it before creating another (Stripe forgets
-- idempotency keys after about 24 hours). refunded_at is set when the provider confirmed it.
ALTER TABLE payment_refunds
  ADD COLUMN id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  ADD COLUMN status text NOT NULL DEFAULT 'succeeded'
    CHECK (status IN ('pending', 'succeeded')),
  ADD COLUMN provider_refund_id text,
  ADD COLUMN requested_at timestamptz;
UPDATE payment_refunds SET requested_at = refunded_at;
ALTER TABLE payment_refunds
  ALTER COLUMN requested_at SET NOT NULL,
  ALTER COLUMN status DROP DEFAULT,
  ALTER COLUMN refunded_at DROP NOT NULL,
  ADD CONSTRAINT payment_refunds_settled CHECK ((status = 'succeeded') = (refunded_at IS NOT NULL));

-- The built-in checkout keeps each refund's reference (our refund id, as Stripe keeps metadata),
-- where a retry looks for it.
ALTER TABLE local_refunds ADD COLUMN reference text;
CREATE INDEX local_refunds_reference ON local_refunds (session_id, reference);
