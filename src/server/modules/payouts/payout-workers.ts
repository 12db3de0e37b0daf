import { MONEY_OWED_RETRIES } from '../../adapters/jobs/job-queue';
import { ACCOUNT_ATTENTION_JOB, sendAccountAttentionEmail } from './account-attention';
import { LOCAL_SETTLE_JOB, settleLocalTransfer } from './local-payout-provider';
import { SEND_PAYOUT_JOB, WEEKLY_PAYOUT_JOB } from './payout-jobs';
import { PAYOUT_NOTICE_JOB, sendPayoutNotice } from './payout-notices';
import type { PayoutsContext } from './payouts-context';
import { payEveryoneDue } from './request-payout';
import { sendPayout } from './send-payout';
import { unsentPayouts } from './payouts.repository';

// The payouts' workers, started once per process with the app. Each handler is safe to run
// twice and side by side in several processes.

const WEEK_MS = 7 * 86_400_000;
/** Weeks counted from a Monday 00:00 UTC (the Unix epoch was a Thursday). */
const MONDAY_OFFSET_MS = 4 * 86_400_000;

export async function startPayoutWorkers(ctx: PayoutsContext) {
  await ctx.jobs.work<{ payoutId: string }>(
    SEND_PAYOUT_JOB,
    ({ payoutId }) => sendPayout(ctx, payoutId),
    MONEY_OWED_RETRIES,
  );
  await ctx.jobs.work<{ transferId: string }>(
    LOCAL_SETTLE_JOB,
    ({ transferId }) => settleLocalTransfer(ctx, transferId),
    MONEY_OWED_RETRIES,
  );
  await ctx.jobs.work<{ payoutId: string }>(PAYOUT_NOTICE_JOB, ({ payoutId }) =>
    sendPayoutNotice(ctx, payoutId),
  );
  await ctx.jobs.work<{ tutorProfileId: string }>(ACCOUNT_ATTENTION_JOB, ({ tutorProfileId }) =>
    sendAccountAttentionEmail(ctx, tutorProfileId),
  );
  await startWeeklyPayouts(ctx);
  // A payout written before a crash whose job was lost with it: sent again, same key.
  for (const { id } of await unsentPayouts(ctx.db))
    await ctx.jobs.send(SEND_PAYOUT_JOB, { payoutId: id }, { key: id });
}

/**
 * Every Monday 00:00 UTC, the payout of everyone due. The run of each week is keyed by the
 * week, so several processes queue one; each queues the next week's.
 */
async function startWeeklyPayouts(ctx: PayoutsContext) {
  const startOf = (week: number) => new Date(week * WEEK_MS + MONDAY_OFFSET_MS);
  const queue = (week: number) =>
    ctx.jobs.send(WEEKLY_PAYOUT_JOB, { week }, { startAfter: startOf(week), key: `week-${week}` });
  const nextWeek = () => Math.floor((Date.now() - MONDAY_OFFSET_MS) / WEEK_MS) + 1;
  await ctx.jobs.work<{ week: number }>(WEEKLY_PAYOUT_JOB, async ({ week }) => {
    await payEveryoneDue(ctx);
    await queue(Math.max(week + 1, nextWeek()));
  });
  await queue(nextWeek());
}
