import type { Transaction } from 'kysely';
import type { CheckoutOutcome } from '../../../domain/payments/payment-rules';
import type { CheckoutSessionState, PaymentEvent } from '../../adapters/payments/payment-provider';
import type { DB } from '../../db/types';
import {
  awaitPurchaseSettlement,
  bookPurchase,
  releasePurchase,
} from '../lessons/lesson-lifecycle';
import { recordPaymentReceived } from '../ledger/money-events';
import { PAYMENT_JOBS } from './payments.jobs';
import type { PaymentsContext } from './payments-context';
import * as repository from './payments.repository';
import { retryOnceOnConflict } from '../../db/retry-on-conflict';

// Fulfilment: the one place a payment and its lesson change state because of money. The
// webhook and the success page's call both end here, with the provider's own record of the
// session; the payment row is locked, so concurrent deliveries queue and the later ones find
// the work done. Provider events are recorded by id, so a replay changes nothing.

/** Payments that can still become a booking when money arrives (a lapsed or canceled one too). */
const UNSETTLED = ['pending', 'expired', 'canceled'] as const;

/**
 * Settles a checkout session. Returns what happened, for the success page; `null` when the
 * session is not one of ours (another app on the same Stripe account, or a forged id).
 */
export async function fulfilCheckout(
  ctx: PaymentsContext,
  session: CheckoutSessionState,
  event?: PaymentEvent,
): Promise<{ outcome: CheckoutOutcome; paymentId: string } | null> {
  return retryOnceOnConflict(() => settle(ctx, session, event));
}

async function settle(
  ctx: PaymentsContext,
  session: CheckoutSessionState,
  event?: PaymentEvent,
): Promise<{ outcome: CheckoutOutcome; paymentId: string } | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const payment = await repository.lockPayment(trx, session.paymentId);
    if (!payment || !matches(payment, session, ctx.paymentProvider.name)) {
      // Someone else's session (another app on the same Stripe account, or a forged id): the
      // event is acknowledged and recorded as ignored (no payment), so the provider stops retrying.
      if (event) await repository.recordEvent(trx, { ...eventRecord(ctx, event), paymentId: null });
      return null;
    }
    const settled = { paymentId: payment.id };
    if (event) {
      const fresh = await repository.recordEvent(trx, {
        ...eventRecord(ctx, event),
        paymentId: payment.id,
      });
      if (!fresh) return { outcome: outcomeOf(payment), ...settled };
    }
    // The lock order (ADR 025): payment, then its parties' users, then lessons. Closing or
    // suspending an account locks the user before its lessons, so fulfilment waits here, before
    // touching the lesson, instead of holding the lesson while it waits for the user.
    await repository.lockParties(trx, payment);
    const now = ctx.clock.now();
    if (!isUnsettled(payment.status)) {
      // Already settled: at most fill in what an earlier event lacked (Stripe's receipt link and
      // card, which its events do not carry and the success page's read of the session does).
      const receiptUrl = payment.receipt_url ? null : session.receiptUrl;
      const card = payment.card_last4 ? null : session.card;
      if (receiptUrl || card)
        await repository.updatePayment(trx, payment.id, { receiptUrl, card, now });
      return { outcome: outcomeOf(payment), ...settled };
    }
    if (event?.type === 'checkout.session.async_payment_failed')
      return { outcome: await giveUp(trx, payment.id, 'canceled', now), ...settled };
    if (session.paymentStatus !== 'paid') {
      if (session.status === 'expired')
        return { outcome: await giveUp(trx, payment.id, 'expired', now), ...settled };
      if (session.status === 'complete' && payment.status === 'pending')
        return { outcome: await awaitSettlement(trx, payment.id, now), ...settled };
      return { outcome: 'unpaid' as const, ...settled };
    }
    return { outcome: await bookPaid(ctx, trx, payment, session, now), ...settled };
  });
}

const eventRecord = (ctx: PaymentsContext, event: PaymentEvent) => ({
  provider: ctx.paymentProvider.name,
  id: event.id,
  type: event.type,
});

/** The session belongs to this payment: same provider, session, amount and currency. */
function matches(
  payment: repository.StoredPayment,
  session: CheckoutSessionState,
  provider: string,
) {
  return (
    payment.provider === provider &&
    payment.provider_session_id === session.sessionId &&
    payment.amount_cents === session.amountCents &&
    payment.currency.trim().toUpperCase() === session.currency.toUpperCase()
  );
}

const isUnsettled = (status: repository.StoredPayment['status']) =>
  (UNSETTLED as readonly string[]).includes(status);

/** What the success page says of a payment already settled (or not paid at all). */
function outcomeOf(payment: repository.StoredPayment): CheckoutOutcome {
  if (payment.status === 'completed') return payment.refund_reason ? 'refunded' : 'booked';
  if (payment.status === 'refunded' || payment.status === 'partially_refunded') return 'refunded';
  return 'unpaid';
}

/**
 * The money is in: the lesson holds its time for good, the payment completes, a package's
 * validity starts, and both parties are emailed (a job, written in this transaction, so it is
 * sent once). If the hold had lapsed and someone else booked the time meanwhile, the database
 * refuses the lesson and the money goes back instead.
 */
async function bookPaid(
  ctx: PaymentsContext,
  trx: Transaction<DB>,
  payment: repository.StoredPayment,
  session: CheckoutSessionState,
  now: Date,
): Promise<CheckoutOutcome> {
  const paymentId = payment.id;
  const paid = {
    status: 'completed' as const,
    completedAt: now,
    paymentIntentId: session.paymentIntentId,
    receiptUrl: session.receiptUrl,
    card: session.card,
    now,
  };
  await recordPaymentReceived(trx, paymentId, now, ctx.env.COMMISSION_TIERS);
  const booked = await bookPurchase(trx, ctx, paymentId, now);
  if (!booked) {
    await repository.updatePayment(trx, paymentId, { ...paid, refundReason: 'slot_taken' });
    await ctx.jobs.send(PAYMENT_JOBS.refundSlotTaken, { paymentId }, { key: paymentId }, trx);
    return 'refunded';
  }
  await repository.updatePayment(trx, paymentId, paid);
  // Only a package's payment has a package to start.
  if (payment.kind === 'package') await repository.activateStudentPackage(trx, paymentId, now);
  return 'booked';
}

/** Paid by a method that settles later: the lesson keeps its time, without a deadline, as pending. */
async function awaitSettlement(
  trx: Transaction<DB>,
  paymentId: string,
  now: Date,
): Promise<CheckoutOutcome> {
  await awaitPurchaseSettlement(trx, paymentId, now);
  return 'processing';
}

/** No money came: the lesson lets go of its time and the payment ends as expired or canceled. */
export async function giveUp(
  trx: Transaction<DB>,
  paymentId: string,
  status: 'expired' | 'canceled',
  now: Date,
): Promise<CheckoutOutcome> {
  await releasePurchase(trx, paymentId, status, now);
  await repository.updatePayment(trx, paymentId, { status, now });
  await repository.setStudentPackageStatus(trx, paymentId, 'expired');
  return 'unpaid';
}
