import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { post } from '../ledger/ledger.repository';
import { notePayoutOutcome } from './payout-notices';
import type { PayoutEvent } from './payout-provider';
import type { PayoutsContext } from './payouts-context';
import * as repository from './payouts.repository';

// A provider's word on a payout or an account, applied once: the event id is recorded in the
// same transaction, so a replayed webhook finds it and changes nothing. A paid payout leaves the
// platform's cash; a failed one returns to the tutor's available money, and the account needs
// attention with the provider's reason; the tutor is told either way.

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
      await repository.setPayoutAccountStatus(
        trx,
        { providerAccountId: event.accountId },
        { status: event.status, reason: event.reason, displayName: event.displayName, now },
      );
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
  if (!payout || (payout.status !== 'requested' && payout.status !== 'in_transit')) return;
  const amount = payout.amount_cents;
  const refs = {
    currency: payout.currency.trim(),
    at: now,
    tutorProfileId: payout.tutor_profile_id,
    payoutId: payout.id,
  };
  if (event.type === 'payout.paid') {
    await repository.markPayoutPaid(trx, payout.id, event.transferId, now);
    await post(trx, {
      kind: 'payout_paid',
      eventKey: `payout-paid:${payout.id}`,
      legs: [
        { account: 'tutor_in_transit', cents: amount },
        { account: 'provider_cash', cents: -amount },
      ],
      ...refs,
    });
  } else {
    await repository.markPayoutFailed(
      trx,
      payout.id,
      { transferId: event.transferId, reason: event.failureMessage },
      now,
    );
    await post(trx, {
      kind: 'payout_failed',
      eventKey: `payout-failed:${payout.id}`,
      legs: [
        { account: 'tutor_in_transit', cents: amount },
        { account: 'tutor_available', cents: -amount },
      ],
      ...refs,
    });
    await repository.setPayoutAccountStatus(
      trx,
      { tutorProfileId: payout.tutor_profile_id },
      { status: 'needs_attention', reason: event.failureMessage, now },
    );
  }
  await notePayoutOutcome(ctx, trx, payout.id);
}
