import type Stripe from 'stripe';
import { REFUND_REFERENCE } from '../../adapters/payments/payment-provider';
import { isUuid } from '../../http/is-uuid';
import type { PayoutsContext } from './payouts-context';
import * as repository from './reconciliation.repository';
import type { FindingRow } from './reconciliation.repository';

// Reconciliation (ADRs 028, 034): the provider's own record against the ledger's provider cash,
// object by object: each payout's transfer (money out to a tutor), each charge of a student
// (money in) and each refund (money back). The provider's side is Stripe's balance transactions
// (a transfer takes and its reversals give back; a charge adds; a refund takes), or the built-in
// providers' own tables (a failed local transfer moved nothing). The ledger's side is the
// provider_cash entries of each payout, payment received and refund (a payout's money counts
// out once the provider took it). Every difference, and everything one side has and the other
// does not, is a finding, stored with the run.

/** One side's money for one transfer, charge or refund, as money the provider moved. */
export interface Money {
  subject: FindingRow['subject'];
  /** The ids it is known by (ours, the provider's): two sides match when they share one. */
  keys: (string | null)[];
  providerRef: string | null;
  payoutId: string | null;
  paymentId: string | null;
  currency: string;
  cents: number;
}

const none = { payoutId: null, paymentId: null };

export async function reconcile(ctx: PayoutsContext) {
  const provider = ctx.stripeConnect ? 'stripe' : 'local';
  const [ledger, theirs] = await Promise.all([
    ledgerMoney(ctx, provider),
    ctx.stripeConnect ? stripeMoney(ctx.stripeConnect.stripe) : localMoney(ctx),
  ]);
  const findings = compare(ledger, theirs);
  await ctx.db
    .transaction()
    .execute((trx) => repository.saveRun(trx, { provider, at: ctx.clock.now(), findings }));
  return findings;
}

async function ledgerMoney(ctx: PayoutsContext, provider: 'local' | 'stripe'): Promise<Money[]> {
  const [payouts, charges, refunds] = await Promise.all([
    repository.ledgerPayoutMoney(ctx.db, provider),
    repository.ledgerPaymentCash(ctx.db, provider, 'payment_received'),
    repository.ledgerPaymentCash(ctx.db, provider, 'refund'),
  ]);
  return [
    ...payouts.map((payout) => ({
      subject: 'transfer' as const,
      keys: [payout.id],
      providerRef: payout.provider_transfer_id,
      payoutId: payout.id,
      paymentId: null,
      currency: payout.currency.trim(),
      // Cash out, and what is in transit once the provider took it (a requested payout is not).
      cents:
        Number(payout.cash_out) + (payout.status === 'in_transit' ? Number(payout.in_transit) : 0),
    })),
    ...charges.map((charge) => ({
      subject: 'charge' as const,
      keys: [charge.provider_payment_intent_id],
      providerRef: charge.provider_payment_intent_id,
      payoutId: null,
      paymentId: charge.payment_id,
      currency: charge.currency.trim(),
      cents: Number(charge.cash),
    })),
    ...refunds.map((refund) => ({
      subject: 'refund' as const,
      keys: [refund.provider_refund_id, refund.refund_id],
      providerRef: refund.provider_refund_id,
      payoutId: null,
      paymentId: refund.payment_id,
      currency: refund.currency.trim(),
      cents: -Number(refund.cash),
    })),
  ];
}

async function localMoney(ctx: PayoutsContext): Promise<Money[]> {
  const [transfers, charges, refunds] = await Promise.all([
    repository.localTransfers(ctx.db),
    repository.localCharges(ctx.db),
    repository.localRefunds(ctx.db),
  ]);
  return [
    ...transfers.map((transfer) => ({
      subject: 'transfer' as const,
      keys: [transfer.idempotency_key],
      providerRef: transfer.id,
      payoutId: isUuid(transfer.idempotency_key) ? transfer.idempotency_key : null,
      paymentId: null,
      currency: transfer.currency.trim(),
      cents: transfer.status === 'failed' ? 0 : transfer.amount_cents,
    })),
    ...charges.map((charge) => ({
      subject: 'charge' as const,
      keys: [charge.payment_intent_id],
      providerRef: charge.payment_intent_id,
      ...none,
      currency: charge.currency.trim(),
      cents: charge.amount_cents,
    })),
    ...refunds.map((refund) => ({
      subject: 'refund' as const,
      keys: [refund.id, refund.reference],
      providerRef: refund.id,
      ...none,
      currency: refund.currency.trim(),
      cents: refund.amount_cents,
    })),
  ];
}

/** Stripe's balance history: transfers netted with their reversals, charges, refunds. */
async function stripeMoney(stripe: Stripe): Promise<Money[]> {
  const byTransfer = new Map<string, Money>();
  const transferOf = (transferId: string, currency: string) => {
    const found = byTransfer.get(transferId) ?? {
      subject: 'transfer' as const,
      keys: [],
      providerRef: transferId,
      ...none,
      currency: currency.toUpperCase(),
      cents: 0,
    };
    byTransfer.set(transferId, found);
    return found;
  };
  const money: Money[] = [];
  for (const type of ['transfer', 'transfer_refund', 'charge', 'payment', 'refund'] as const) {
    const list = stripe.balanceTransactions.list({ type, limit: 100, expand: ['data.source'] });
    for await (const txn of list) {
      const source = txn.source;
      if (!source || typeof source === 'string') continue;
      const currency = txn.currency.toUpperCase();
      if (source.object === 'transfer') {
        const found = transferOf(source.id, txn.currency);
        const payoutId = (source as Stripe.Transfer).metadata?.payoutId ?? null;
        found.keys = [payoutId];
        found.payoutId = payoutId && isUuid(payoutId) ? payoutId : null;
        found.cents -= txn.amount;
      } else if (source.object === 'transfer_reversal') {
        const { transfer } = source as Stripe.TransferReversal;
        transferOf(typeof transfer === 'string' ? transfer : transfer.id, txn.currency).cents -=
          txn.amount;
      } else if (source.object === 'charge') {
        const intent = (source as Stripe.Charge).payment_intent;
        const intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
        money.push({
          subject: 'charge',
          keys: [intentId],
          providerRef: intentId ?? source.id,
          ...none,
          currency,
          cents: txn.amount,
        });
      } else if (source.object === 'refund') {
        const refund = source as Stripe.Refund;
        money.push({
          subject: 'refund',
          keys: [refund.id, refund.metadata?.[REFUND_REFERENCE] ?? null],
          providerRef: refund.id,
          ...none,
          currency,
          cents: -txn.amount,
        });
      }
    }
  }
  return [...byTransfer.values(), ...money];
}

/** The findings: each side's money per transfer, charge and refund, where they differ. */
export function compare(ledger: Money[], provider: Money[]): FindingRow[] {
  const findings: FindingRow[] = [];
  const byKey = new Map<string, Money>();
  for (const entry of ledger)
    for (const key of entry.keys) if (key) byKey.set(`${entry.subject}:${key}`, entry);
  const seen = new Set<Money>();
  const finding = (kind: FindingRow['kind'], ours: Money | undefined, theirs: Money | undefined) =>
    findings.push({
      subject: (ours ?? theirs)!.subject,
      kind,
      providerRef: theirs?.providerRef ?? ours?.providerRef ?? null,
      payoutId: ours?.payoutId ?? theirs?.payoutId ?? null,
      paymentId: ours?.paymentId ?? theirs?.paymentId ?? null,
      currency: (ours ?? theirs)!.currency,
      ledgerCents: ours?.cents ?? 0,
      providerCents: theirs?.cents ?? 0,
    });
  for (const theirs of provider) {
    const ours = theirs.keys
      .map((key) => (key ? byKey.get(`${theirs.subject}:${key}`) : undefined))
      .find(Boolean);
    if (!ours) {
      if (theirs.cents !== 0) finding('unknown', undefined, theirs);
      continue;
    }
    seen.add(ours);
    if (ours.cents !== theirs.cents) finding('amount_differs', ours, theirs);
  }
  for (const ours of ledger)
    if (!seen.has(ours) && ours.cents !== 0) finding('missing', ours, undefined);
  return findings;
}
