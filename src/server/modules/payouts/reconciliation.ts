import type Stripe from 'stripe';
import { isUuid } from '../../http/is-uuid';
import type { PayoutsContext } from './payouts-context';
import * as repository from './reconciliation.repository';
import type { FindingRow } from './reconciliation.repository';

// Reconciliation (ADR 028): the payout provider's own record against the ledger, transfer by
// transfer. The provider's side is the net money out of each transfer: Stripe's balance
// transactions (a transfer takes, its reversals give back), or the built-in provider's transfers
// (a failed one moved nothing). The ledger's side, per payout: the provider cash it says left,
// plus what it holds in transit once the provider took the payout. Every difference, and every
// transfer one side has and the other does not, is a finding, stored with the run.

interface ProviderTransfer {
  transferId: string;
  payoutId: string | null;
  currency: string;
  outCents: number;
}

export async function reconcile(ctx: PayoutsContext) {
  const provider = ctx.stripeConnect ? 'stripe' : 'local';
  const transfers = ctx.stripeConnect
    ? await stripeTransfers(ctx.stripeConnect.stripe)
    : await localTransfers(ctx);
  const findings = compare(await repository.ledgerPayoutMoney(ctx.db, provider), transfers);
  await ctx.db
    .transaction()
    .execute((trx) => repository.saveRun(trx, { provider, at: ctx.clock.now(), findings }));
  return findings;
}

async function localTransfers(ctx: PayoutsContext): Promise<ProviderTransfer[]> {
  return (await repository.localTransfers(ctx.db)).map((transfer) => ({
    transferId: transfer.id,
    payoutId: transfer.idempotency_key,
    currency: transfer.currency.trim(),
    outCents: transfer.status === 'failed' ? 0 : transfer.amount_cents,
  }));
}

/** Every transfer and reversal in Stripe's balance history, netted per transfer. */
async function stripeTransfers(stripe: Stripe): Promise<ProviderTransfer[]> {
  const byTransfer = new Map<string, ProviderTransfer>();
  const entry = (transferId: string, currency: string) => {
    const found = byTransfer.get(transferId) ?? {
      transferId,
      payoutId: null,
      currency: currency.toUpperCase(),
      outCents: 0,
    };
    byTransfer.set(transferId, found);
    return found;
  };
  for (const type of ['transfer', 'transfer_refund'] as const) {
    const list = stripe.balanceTransactions.list({ type, limit: 100, expand: ['data.source'] });
    for await (const txn of list) {
      const source = txn.source;
      if (!source || typeof source === 'string') continue;
      if (source.object === 'transfer') {
        const transfer = source as Stripe.Transfer;
        const found = entry(transfer.id, txn.currency);
        found.payoutId = transfer.metadata?.payoutId ?? null;
        found.outCents -= txn.amount;
      } else if (source.object === 'transfer_reversal') {
        const reversal = source as Stripe.TransferReversal;
        const transferId =
          typeof reversal.transfer === 'string' ? reversal.transfer : reversal.transfer.id;
        entry(transferId, txn.currency).outCents -= txn.amount;
      }
    }
  }
  return [...byTransfer.values()];
}

type LedgerPayout = Awaited<ReturnType<typeof repository.ledgerPayoutMoney>>[number];

/** The findings: each side's money out per transfer, where they differ. */
export function compare(ledger: LedgerPayout[], provider: ProviderTransfer[]): FindingRow[] {
  const findings: FindingRow[] = [];
  const byPayout = new Map(ledger.map((payout) => [payout.id, payout]));
  const seen = new Set<string>();
  for (const transfer of provider) {
    const payout = transfer.payoutId ? byPayout.get(transfer.payoutId) : undefined;
    if (!payout) {
      if (transfer.outCents !== 0)
        findings.push({
          kind: 'unknown_transfer',
          transferId: transfer.transferId,
          payoutId: transfer.payoutId && isUuid(transfer.payoutId) ? transfer.payoutId : null,
          currency: transfer.currency,
          ledgerCents: 0,
          providerCents: transfer.outCents,
        });
      continue;
    }
    seen.add(payout.id);
    const ledgerCents = ledgerOut(payout);
    if (ledgerCents !== transfer.outCents)
      findings.push({
        kind: 'amount_differs',
        transferId: transfer.transferId,
        payoutId: payout.id,
        currency: transfer.currency,
        ledgerCents,
        providerCents: transfer.outCents,
      });
  }
  for (const payout of ledger) {
    const ledgerCents = ledgerOut(payout);
    if (seen.has(payout.id) || ledgerCents === 0) continue;
    findings.push({
      kind: 'missing_transfer',
      transferId: payout.provider_transfer_id,
      payoutId: payout.id,
      currency: payout.currency.trim(),
      ledgerCents,
      providerCents: 0,
    });
  }
  return findings;
}

/** Cash out, and what is in transit once the provider took it (a requested payout is not yet). */
const ledgerOut = (payout: LedgerPayout) =>
  Number(payout.cash_out) + (payout.status === 'in_transit' ? Number(payout.in_transit) : 0);
