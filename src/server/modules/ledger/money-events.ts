import { sql, type Kysely, type Transaction } from 'kysely';
import { type CommissionTier, tierFor } from '../../../domain/ledger/commission';
import type { DB } from '../../db/types';
import { post } from './ledger.repository';

// The money events other modules report, each with one call inside the database transaction
// that changes the state (ADR 028). A lesson's own events (earned when given, reversed when an
// absent tutor's lesson goes back) are posted by the database itself, from the lesson's status
// change (migration 027-a), whichever code changes it.

/** A tutor's completed teaching so far, in minutes (free trials do not count). */
export async function taughtMinutes(trx: Kysely<DB> | Transaction<DB>, tutorProfileId: string) {
  const row = await trx
    .selectFrom('lessons')
    .select(sql<string>`coalesce(sum(duration_minutes), 0)`.as('minutes'))
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('status', '=', 'completed')
    .where('is_trial', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.minutes);
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
  const payment = await trx
    .selectFrom('payments')
    .select(['amount_cents', 'currency', 'tutor_profile_id'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  const minutes = await taughtMinutes(trx, payment.tutor_profile_id);
  await trx
    .insertInto('payment_commissions')
    .values({
      payment_id: paymentId,
      rate_bp: tierFor(tiers, minutes).rateBp,
      taught_minutes: minutes,
      fixed_at: now,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
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
  const payment = await trx
    .selectFrom('payments')
    .select(['currency', 'tutor_profile_id'])
    .where('id', '=', refund.paymentId)
    .executeTakeFirstOrThrow();
  const received = await trx
    .selectFrom('ledger_transactions')
    .select('id')
    .where('event_key', '=', `payment-received:${refund.paymentId}`)
    .executeTakeFirst();
  if (!received) return;
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
