import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { notify } from '../notifications/notify';
import { payoutAccountAttentionEmail } from './payout-emails';
import type { PayoutsContext } from './payouts-context';
import { PAYOUT_JOBS } from './payouts.jobs';
import * as repository from './payouts.repository';

// "Payout account needs attention": when the provider says a tutor's account can no longer be
// paid (Stripe: requirements due, payouts disabled), the tutor hears it under the bell (in the
// transaction that recorded it) and by email (a job written in that transaction, keyed by the
// event, so sent once); Earnings shows the reason and the button that fixes it.

export async function noteAccountNeedsAttention(
  ctx: PayoutsContext,
  trx: Transaction<DB>,
  tutorProfileId: string,
  eventId: string,
  at: Date,
) {
  const userId = await repository.tutorUserIdOf(trx, tutorProfileId);
  if (userId) await notify(trx, { userId, kind: 'payout_account_attention', at });
  await ctx.jobs.send(PAYOUT_JOBS.accountAttention, { tutorProfileId }, { key: eventId }, trx);
}

/** The email, if the account still needs attention when the job runs. */
export async function sendAccountAttentionEmail(ctx: PayoutsContext, tutorProfileId: string) {
  const account = await repository.findPayoutAccount(ctx.db, tutorProfileId);
  if (account?.status !== 'needs_attention') return;
  const tutor = await repository.findTutorContact(ctx.db, tutorProfileId);
  if (!tutor || tutor.closed_at) return;
  await ctx.mailer.send(
    payoutAccountAttentionEmail(tutor.email, account.attention_reason, ctx.env.PUBLIC_URL),
  );
}
