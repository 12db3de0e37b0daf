import type { z } from 'zod';
import type { payoutLine } from '../../../contracts/payouts.contract';

// A payout as a screen shows it (the tutor's Earnings, the admin's Finance): one mapping.

type PayoutLine = z.infer<typeof payoutLine>;

export function payoutView(payout: {
  id: string;
  amount_cents: number;
  currency: string;
  status: string;
  origin: string;
  requested_at: Date;
  settled_at: Date | null;
  failure_reason: string | null;
}): PayoutLine {
  return {
    id: payout.id,
    amountCents: payout.amount_cents,
    currency: payout.currency.trim(),
    status: payout.status as PayoutLine['status'],
    origin: payout.origin as PayoutLine['origin'],
    requestedAt: payout.requested_at.toISOString(),
    settledAt: payout.settled_at?.toISOString() ?? null,
    failureReason: payout.failure_reason,
  };
}
