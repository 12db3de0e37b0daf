import type { Transaction } from 'kysely';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import type { Kysely } from 'kysely';
import { recordRefundGiven } from '../ledger/money-events';
import { notify } from '../notifications/notify';
import * as repository from './payments.repository';
import { PAYMENT_JOBS, type RefundJob } from './payments.jobs';

// Money given back without anyone at a checkout: when an account closes, when a lesson is
// canceled or its tutor did not come, when a late payment's slot was taken. Each refund is a job
// written in the transaction that decided it (so it exists only if that committed), retried
// through a provider outage of days. Pending row first (ADR 028): the job writes the refund row,
// with its own id, before it calls the provider with that id as idempotency key and as the
// refund's reference; a retry first asks the provider for a refund with that reference, so a
// retry after the provider forgot the key (Stripe: ~24 h) still refunds once.

export type { RefundJob, RefundReason } from './payments.jobs';

export interface RefundContext {
  db: Kysely<DB>;
  jobs: JobQueue;
  clock: Clock;
  paymentProvider: PaymentProvider;
}

/** Queues a refund in the deciding transaction; sending the same key again does nothing. */
export const queueRefund = (jobs: JobQueue, trx: Transaction<DB>, job: RefundJob) =>
  jobs.send(PAYMENT_JOBS.refund, job, { key: job.key }, trx);

/**
 * Gives the money back through the provider, then records it on the payment (once per key).
 * Answers whether this run recorded it.
 */
export async function giveRefund(ctx: RefundContext, job: RefundJob) {
  const opened = await openRefund(ctx, job);
  if (!opened || opened.row.status !== 'pending') return false;
  const { row, payment } = opened;
  if (!payment.provider_payment_intent_id)
    throw new PaymentProviderError(`payment ${payment.id} has no payment intent to refund`);
  const request = { paymentIntentId: payment.provider_payment_intent_id, reference: row.id };
  const made =
    (!opened.written && (await ctx.paymentProvider.findRefund(request))) ||
    (await ctx.paymentProvider.refund({
      ...request,
      amountCents: row.amount_cents,
      idempotencyKey: row.id,
    }));
  return ctx.db
    .transaction()
    .execute((trx) =>
      recordRefund(trx, { ...job, amountCents: row.amount_cents }, made.refundId, ctx.clock.now()),
    );
}

/**
 * The job's refund row: written now, pending, for what is left to give back, or the one an
 * earlier run wrote. The payment's lock orders two refunds of one payment decided side by side
 * (a cancel while the account closes): the second counts the first's pending money as given.
 */
function openRefund(ctx: RefundContext, job: RefundJob) {
  return ctx.db.transaction().execute(async (trx) => {
    const payment = await repository.lockPayment(trx, job.paymentId);
    if (!payment) return undefined;
    const earlier = await repository.refundByKey(trx, job.key);
    if (earlier) return { row: earlier, payment, written: false };
    const left =
      payment.amount_cents -
      payment.refunded_cents -
      (await repository.pendingRefundCents(trx, payment.id));
    const amountCents = Math.min(job.amountCents, left);
    if (amountCents <= 0) return undefined;
    const row = await repository.insertPendingRefund(trx, { ...job, amountCents }, ctx.clock.now());
    return { row, payment, written: true };
  });
}

/** The refund on the payment: refunded when all of it went back, else partially refunded. */
async function recordRefund(
  trx: Transaction<DB>,
  job: RefundJob,
  providerRefundId: string,
  now: Date,
) {
  if (!(await repository.settleRefund(trx, job.key, providerRefundId, now))) return false;
  await recordRefundGiven(trx, job, now);
  const payment = await repository.addRefundToPayment(trx, job, now);
  await tellStudent(trx, job, payment, now);
  if (job.endsPackage) await repository.setStudentPackageStatus(trx, job.paymentId, 'refunded');
  return true;
}

/** The student's bell says the money went back (a closed account is told by email only). */
async function tellStudent(
  trx: Transaction<DB>,
  job: RefundJob,
  payment: { student_id: string; currency: string },
  now: Date,
) {
  if (!(await repository.isOpenAccount(trx, payment.student_id))) return;
  await notify(trx, {
    userId: payment.student_id,
    kind: 'refund_issued',
    at: now,
    paymentId: job.paymentId,
    refund: { amountCents: job.amountCents, currency: payment.currency },
    ...(job.lessonId && { lessonId: job.lessonId }),
  });
}
