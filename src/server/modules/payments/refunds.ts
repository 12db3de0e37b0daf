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
// canceled or its tutor did not come. Each refund is a job written in the transaction that
// decided it (so it exists only if that committed), retried through a provider outage of days,
// and keyed: the provider refunds once per key, and payment_refunds records it once per key.

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

/** Gives the money back through the provider, then records it on the payment (once per key). */
export async function giveRefund(ctx: RefundContext, job: RefundJob) {
  const done = await repository.refundRecorded(ctx.db, job.key);
  const payment = await repository.findPayment(ctx.db, job.paymentId);
  if (done || !payment) return;
  // Never more than is left: two decisions made side by side (a cancel while the account
  // closes) may both have counted the same money as owed.
  const amountCents = Math.min(job.amountCents, payment.amount_cents - payment.refunded_cents);
  if (amountCents <= 0) return;
  if (!payment.provider_payment_intent_id)
    throw new PaymentProviderError(`payment ${payment.id} has no payment intent to refund`);
  await ctx.paymentProvider.refund({
    paymentIntentId: payment.provider_payment_intent_id,
    amountCents,
    idempotencyKey: job.key,
  });
  await ctx.db
    .transaction()
    .execute((trx) => recordRefund(trx, { ...job, amountCents }, ctx.clock.now()));
}

/** The refund on the payment: refunded when all of it went back, else partially refunded. */
export async function recordRefund(trx: Transaction<DB>, job: RefundJob, now: Date) {
  if (!(await repository.insertRefund(trx, job, now))) return;
  await recordRefundGiven(trx, job, now);
  const payment = await repository.addRefundToPayment(trx, job, now);
  await tellStudent(trx, job, payment, now);
  if (job.endsPackage) await repository.setStudentPackageStatus(trx, job.paymentId, 'refunded');
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
