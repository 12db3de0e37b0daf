import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { post, type Leg } from '../ledger/ledger.repository';
import { noteAccountNeedsAttention } from './account-attention';
import { notePayoutOutcome } from './payout-notices';
import type { PayoutEvent } from './payout-provider';
import type { PayoutsContext } from './payouts-context';
import * as repository from './payouts.repository';

// A provider's word on a payout or an account, applied once: the event id is recorded in the
// same transaction, so a replayed webhook finds it and changes nothing. A paid payout leaves the
// platform's cash; a failed one returns to the tutor's available money, and the account needs
// attention with the provider's reason; a reversed one (Stripe took a transfer back) returns
// what came back to the platform's cash and to the tutor's available money, paid or not yet;
// the tutor is told either way. An account that newly needs attention is told too.

export async function applyPayoutEvent(
  ctx: PayoutsContext,
  provider: 'local' | 'stripe',
  event: PayoutEvent,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const payoutId = event.type === 'account.updated' ? null : event.payoutId;
    const fresh = await repository.recordPayoutEvent(trx, {
      provider,
      id: event.id,
      type: event.type,
      payoutId: payoutId && (await repository.findPayout(trx, payoutId)) ? payoutId : null,
      at: now,
    });
    if (!fresh) return;
    if (event.type === 'account.updated') {
      const before = await repository.findPayoutAccountByProviderId(trx, event.accountId);
      const after = await repository.setPayoutAccountStatus(
        trx,
        { providerAccountId: event.accountId },
        { status: event.status, reason: event.reason, displayName: event.displayName, now },
      );
      if (after?.status === 'needs_attention' && before?.status !== 'needs_attention')
        await noteAccountNeedsAttention(ctx, trx, after.tutor_profile_id, event.id, now);
      return;
    }
    await settlePayout(ctx, trx, event, now);
  });
}

async function settlePayout(
  ctx: PayoutsContext,
  trx: Transaction<DB>,
  event: Extract<PayoutEvent, { payoutId: string }>,
  now: Date,
) {
  const payout = await repository.lockPayout(trx, event.payoutId);
  const open = payout?.status === 'requested' || payout?.status === 'in_transit';
  // Only a reversal moves a paid payout; nothing moves a failed one again.
  if (!payout || !(open || (event.type === 'payout.reversed' && payout.status === 'paid'))) return;
  const amount = payout.amount_cents;
  const posting = (kind: 'payout_paid' | 'payout_failed' | 'payout_reversed', legs: Leg[]) =>
    post(trx, {
      kind,
      eventKey: `${kind.replace('_', '-')}:${payout.id}`,
      legs,
      currency: payout.currency.trim(),
      at: now,
      tutorProfileId: payout.tutor_profile_id,
      payoutId: payout.id,
    });
  if (event.type === 'payout.paid') {
    await repository.markPayoutPaid(trx, payout.id, event.transferId, now);
    await posting('payout_paid', [
      { account: 'tutor_in_transit', cents: amount },
      { account: 'provider_cash', cents: -amount },
    ]);
  } else {
    await repository.markPayoutFailed(
      trx,
      payout.id,
      { transferId: event.transferId, reason: event.failureMessage },
      now,
    );
    if (open)
      await posting('payout_failed', [
        { account: 'tutor_in_transit', cents: amount },
        { account: 'tutor_available', cents: -amount },
      ]);
    else {
      // Paid, then taken back: what came back is the platform's cash again, owed to the tutor.
      const back = Math.min(event.type === 'payout.reversed' ? event.amountCents : amount, amount);
      await posting('payout_reversed', [
        { account: 'provider_cash', cents: back },
        { account: 'tutor_available', cents: -back },
      ]);
    }
    await repository.setPayoutAccountStatus(
      trx,
      { tutorProfileId: payout.tutor_profile_id },
      { status: 'needs_attention', reason: event.failureMessage, now },
    );
  }
  await notePayoutOutcome(ctx, trx, payout.id, event.type === 'payout.paid' ? 'paid' : 'failed');
}
