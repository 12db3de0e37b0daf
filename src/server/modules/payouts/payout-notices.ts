import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { notify } from '../notifications/notify';
import { payoutFailedEmail, payoutPaidEmail } from './payout-emails';
import type { PayoutsContext } from './payouts-context';
import * as repository from './payouts.repository';
import { PAYOUT_JOBS } from './payouts.jobs';

// A payout's outcome is told by email and on the tutor's bell, both in the transaction that
// settled the payout (so they exist only if it committed): the email as a job keyed by payout
// and outcome (each sent once: a paid payout Stripe later reverses is told twice), the bell
// notice written there (a replayed webhook settles nothing, so no second).

export async function notePayoutOutcome(
  ctx: PayoutsContext,
  trx: Transaction<DB>,
  payoutId: string,
  outcome: 'paid' | 'failed',
) {
  const payout = await repository.findPayout(trx, payoutId);
  const tutor = payout && (await repository.findTutorContact(trx, payout.tutor_profile_id));
  if (tutor && !tutor.closed_at)
    await notify(trx, {
      userId: tutor.user_id,
      kind: outcome === 'paid' ? 'payout_sent' : 'payout_failed',
      at: ctx.clock.now(),
      payoutId,
      payout: { amountCents: payout.amount_cents, currency: payout.currency },
    });
  await ctx.jobs.send(
    PAYOUT_JOBS.notice,
    { payoutId },
    { key: `notice-${payoutId}-${outcome}` },
    trx,
  );
}

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
