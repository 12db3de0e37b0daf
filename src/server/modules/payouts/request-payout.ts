import type { Transaction } from 'kysely';
import { PAYOUT_MESSAGES as M } from '../../../domain/ledger/payout-messages';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { balanceOf, lockTutorAvailable, post } from '../ledger/ledger.repository';
import { earnAndReleaseDue } from '../ledger/release-earnings';
import { PAYOUT_JOBS } from './payouts.jobs';
import type { PayoutsContext } from './payouts-context';
import * as repository from './payouts.repository';

// A payout is decided in one transaction: the tutor's available money is locked, the payout row
// is written and the money moves from available to in transit, and the job that calls the
// provider (with the payout's id as idempotency key) is queued with it. Two processes, or a
// Withdraw pressed twice, queue behind the lock: the second finds nothing available, and the
// database allows one payout on its way per tutor.

export type PayoutOrigin = 'withdraw' | 'weekly' | 'retry';

const CURRENCY = 'USD';

/** A tutor's Withdraw: everything available, if it is at least the minimum. */
export async function withdraw(ctx: PayoutsContext, tutorProfileId: string) {
  await earnAndReleaseDue(ctx.db, ctx.clock.now(), tutorProfileId);
  const payout = await ctx.db
    .transaction()
    .execute((trx) => requestPayout(ctx, trx, tutorProfileId, 'withdraw'));
  if (payout.kind === 'no_account') throw new AppError('CONFLICT', M.noAccount);
  if (payout.kind === 'account_not_ready') throw new AppError('CONFLICT', M.accountNotReady);
  if (payout.kind === 'open') throw new AppError('CONFLICT', M.payoutOnItsWay);
  if (payout.kind === 'below_minimum')
    throw new AppError('CONFLICT', M.belowMinimum(ctx.env.PAYOUT_MINIMUM_CENTS));
  return payout.payoutId!;
}

type Requested =
  | { kind: 'requested'; payoutId: string }
  | { kind: 'no_account' | 'account_not_ready' | 'open' | 'below_minimum'; payoutId?: never };

export async function requestPayout(
  ctx: PayoutsContext,
  trx: Transaction<DB>,
  tutorProfileId: string,
  origin: PayoutOrigin,
): Promise<Requested> {
  const account = await repository.findPayoutAccount(trx, tutorProfileId);
  if (!account) return { kind: 'no_account' };
  if (account.status !== 'active') return { kind: 'account_not_ready' };
  await lockTutorAvailable(trx, tutorProfileId, CURRENCY);
  if (await repository.openPayoutOf(trx, tutorProfileId)) return { kind: 'open' };
  // Owed to the tutor: the available account's sum, negated (what is owed sums negative).
  const available = -(await balanceOf(trx, 'tutor_available', tutorProfileId, CURRENCY));
  if (available < ctx.env.PAYOUT_MINIMUM_CENTS) return { kind: 'below_minimum' };
  const now = ctx.clock.now();
  const id = await repository.insertPayout(trx, {
    tutorProfileId,
    amountCents: available,
    currency: CURRENCY,
    origin,
    provider: account.provider,
    providerAccountId: account.provider_account_id,
    now,
  });
  await post(trx, {
    kind: 'payout_requested',
    eventKey: `payout-requested:${id}`,
    currency: CURRENCY,
    legs: [
      { account: 'tutor_available', cents: available },
      { account: 'tutor_in_transit', cents: -available },
    ],
    at: now,
    tutorProfileId,
    payoutId: id,
  });
  await ctx.jobs.send(PAYOUT_JOBS.send, { payoutId: id }, { key: id }, trx);
  return { kind: 'requested', payoutId: id };
}

/** The weekly run: every tutor with an active account and at least the minimum available. */
export async function payEveryoneDue(ctx: PayoutsContext) {
  const now = ctx.clock.now();
  await earnAndReleaseDue(ctx.db, now);
  const tutors = await repository.activePayoutAccountTutors(ctx.db);
  let paid = 0;
  for (const { tutor_profile_id: tutorProfileId } of tutors) {
    const outcome = await ctx.db
      .transaction()
      .execute((trx) => requestPayout(ctx, trx, tutorProfileId, 'weekly'));
    if (outcome.kind === 'requested') paid++;
  }
  return paid;
}
