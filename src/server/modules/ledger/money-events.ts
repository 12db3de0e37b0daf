import type { Kysely, Transaction } from 'kysely';
import { type CommissionTier, tierFor } from '../../../domain/ledger/commission';
import type { DB } from '../../db/types';
import {
  findPaymentForLedger,
  findPaymentWithTaughtMinutes,
  findTaughtMinutes,
  hasPosting,
  insertPaymentCommission,
  post,
} from './ledger.repository';

// The money events other modules report, each with one call inside the database transaction
// that changes the state (ADR 028). A lesson's own events (earned when given, reversed when an
// absent tutor's lesson goes back) are posted by the database itself, from the lesson's status
// change (migration 027-a), whichever code changes it.

/** A tutor's completed teaching so far, in minutes (free trials do not count). */
export function taughtMinutes(trx: Kysely<DB> | Transaction<DB>, tutorProfileId: string) {
  return findTaughtMinutes(trx, tutorProfileId);
}

/**
 * A student's payment (a single lesson or a package) completed: the money is in the provider's
 * cash and owed as lessons; the commission rate of the tutor's tier today is fixed for every
 * lesson it pays for. Once per payment.
 */
export async function recordPaymentReceived(
  trx: Transaction<DB>,
  paymentId: string,
  now: Date,
  tiers: readonly CommissionTier[],
) {
  const payment = await findPaymentWithTaughtMinutes(trx, paymentId);
  const minutes = payment.taught_minutes;
  await insertPaymentCommission(trx, {
    paymentId,
    rateBp: tierFor(tiers, minutes).rateBp,
    taughtMinutes: minutes,
    fixedAt: now,
  });
  await post(trx, {
    kind: 'payment_received',
    eventKey: `payment-received:${paymentId}`,
    currency: payment.currency.trim(),
    legs: [
      { account: 'provider_cash', cents: payment.amount_cents },
      { account: 'unearned', cents: -payment.amount_cents },
    ],
    at: now,
    tutorProfileId: payment.tutor_profile_id,
    paymentId,
  });
}

/**
 * Money went back to a student through the provider (a canceled lesson, an absent tutor, a
 * closed account, a slot taken meanwhile): it leaves the provider's cash and is no longer owed
 * as lessons. Once per refund key. A payment from before the ledger moves nothing.
 */
export async function recordRefundGiven(
  trx: Transaction<DB>,
  refund: { paymentId: string; amountCents: number; key: string; lessonId?: string },
  now: Date,
) {
  const payment = await findPaymentForLedger(trx, refund.paymentId);
  if (!(await hasPosting(trx, `payment-received:${refund.paymentId}`))) return;
  await post(trx, {
    kind: 'refund',
    eventKey: `refund:${refund.key}`,
    currency: payment.currency.trim(),
    legs: [
      { account: 'unearned', cents: refund.amountCents },
      { account: 'provider_cash', cents: -refund.amountCents },
    ],
    at: now,
    tutorProfileId: payment.tutor_profile_id,
    paymentId: refund.paymentId,
    ...(refund.lessonId && { lessonId: refund.lessonId }),
  });
}
