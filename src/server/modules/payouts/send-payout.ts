import type { PayoutsContext } from './payouts-context';
import { localPayoutProvider } from './local-payout-provider';
import type { PayoutProvider } from './payout-provider';
import * as repository from './payouts.repository';

// The provider is called only after the payout row and its ledger move committed, with the
// payout's id as idempotency key. A crash before the answer is recorded leaves the payout
// 'requested': the job is retried (and the start-up sweep sends every such payout again) with
// the same key, so the provider makes one transfer.

/** The payout provider in use: the built-in one (Stripe Connect when configured, ADR 028). */
export const payoutProviderOf = (ctx: PayoutsContext): PayoutProvider => localPayoutProvider(ctx);

export async function sendPayout(ctx: PayoutsContext, payoutId: string) {
  const payout = await repository.findPayout(ctx.db, payoutId);
  if (payout?.status !== 'requested') return;
  const { transferId } = await payoutProviderOf(ctx).transfer({
    idempotencyKey: payout.id,
    accountId: payout.provider_account_id,
    amountCents: payout.amount_cents,
    currency: payout.currency.trim(),
  });
  await repository.markPayoutSent(ctx.db, payoutId, transferId, ctx.clock.now());
}
