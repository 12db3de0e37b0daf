import type { PayoutsContext } from './payouts-context';
import { localPayoutProvider } from './local-payout-provider';
import type { PayoutProvider } from './payout-provider';
import { stripePayoutProvider } from './stripe-payout-provider';
import * as repository from './payouts.repository';

// The provider is called only after the payout row and its ledger move committed, with the
// payout's id as idempotency key. A crash before the answer is recorded leaves the payout
// 'requested': the job is retried (and the start-up sweep sends every such payout again) with
// the same key, so the provider makes one transfer.

/**
 * The payout provider in use: Stripe Connect when configured, else the built-in one (ADR 028);
 * or the one named (a payout goes through the provider its account is at).
 */
export function payoutProviderOf(ctx: PayoutsContext, name?: 'local' | 'stripe'): PayoutProvider {
  const wanted = name ?? (ctx.stripeConnect ? 'stripe' : 'local');
  if (wanted === 'local') return localPayoutProvider(ctx);
  if (!ctx.stripeConnect) throw new Error('A Stripe payout, but Stripe is not configured');
  return stripePayoutProvider(ctx, ctx.stripeConnect);
}

export async function sendPayout(ctx: PayoutsContext, payoutId: string) {
  const payout = await repository.findPayout(ctx.db, payoutId);
  if (payout?.status !== 'requested') return;
  const provider = payoutProviderOf(ctx, payout.provider as 'local' | 'stripe');
  const { transferId } = await provider.transfer({
    idempotencyKey: payout.id,
    accountId: payout.provider_account_id,
    amountCents: payout.amount_cents,
    currency: payout.currency.trim(),
  });
  await repository.markPayoutSent(ctx.db, payoutId, transferId, ctx.clock.now());
}
