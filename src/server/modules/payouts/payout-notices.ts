import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { payoutFailedEmail, payoutPaidEmail } from './payout-emails';
import type { PayoutsContext } from './payouts-context';
import * as repository from './payouts.repository';
import { PAYOUT_JOBS } from './payouts.jobs';

// A payout's outcome is told by email: a job written in the transaction that settled the
// payout (so it exists only if that committed), keyed by payout and outcome (so it is sent once).

export const notePayoutOutcome = (ctx: PayoutsContext, trx: Transaction<DB>, payoutId: string) =>
  ctx.jobs.send(PAYOUT_JOBS.notice, { payoutId }, { key: `notice-${payoutId}` }, trx);

export async function sendPayoutNotice(ctx: PayoutsContext, payoutId: string) {
  const payout = await repository.findPayout(ctx.db, payoutId);
  if (!payout || (payout.status !== 'paid' && payout.status !== 'failed')) return;
  const tutor = await repository.findTutorContact(ctx.db, payout.tutor_profile_id);
  if (!tutor || tutor.closed_at) return;
  const currency = payout.currency.trim();
  await ctx.mailer.send(
    payout.status === 'paid'
      ? payoutPaidEmail(tutor.email, payout.amount_cents, currency, ctx.env.PUBLIC_URL)
      : payoutFailedEmail(
          tutor.email,
          payout.amount_cents,
          currency,
          payout.failure_reason ?? '',
          ctx.env.PUBLIC_URL,
        ),
  );
}
