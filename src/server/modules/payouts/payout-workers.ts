import { MONEY_OWED_RETRIES } from '../../adapters/jobs/job-queue';
import { ACCOUNT_ATTENTION_JOB, sendAccountAttentionEmail } from './account-attention';
import { LOCAL_SETTLE_JOB, settleLocalTransfer } from './local-payout-provider';
import { RECONCILE_JOB, SEND_PAYOUT_JOB, WEEKLY_PAYOUT_JOB } from './payout-jobs';
import { reconcile } from './reconciliation';
import { PAYOUT_NOTICE_JOB, sendPayoutNotice } from './payout-notices';
import type { PayoutsContext } from './payouts-context';
import { payEveryoneDue } from './request-payout';
import { sendPayout } from './send-payout';
import { unsentPayouts } from './payouts.repository';

// The payouts' workers, started once per process with the app. Each handler is safe to run
// twice and side by side in several processes.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Weeks counted from a Monday 00:00 UTC (the Unix epoch was a Thursday). */
const MONDAY_OFFSET_MS = 4 * DAY_MS;

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
  // Every Monday 00:00 UTC, the payout of everyone due.
  await startChain(ctx, WEEKLY_PAYOUT_JOB, { periodMs: WEEK_MS, offsetMs: MONDAY_OFFSET_MS }, () =>
    payEveryoneDue(ctx),
  );
  // Every day at 03:00 UTC, the provider's record against the ledger.
  await startChain(ctx, RECONCILE_JOB, { periodMs: DAY_MS, offsetMs: 3 * HOUR_MS }, () =>
    reconcile(ctx),
  );
  // A payout written before a crash whose job was lost with it: sent again, same key.
  for (const { id } of await unsentPayouts(ctx.db))
    await ctx.jobs.send(SEND_PAYOUT_JOB, { payoutId: id }, { key: id });
}

/**
 * A run every `periodMs` from `offsetMs` past the epoch: each run is keyed by its period, so
 * several processes queue one; each queues the next.
 */
async function startChain(
  ctx: PayoutsContext,
  name: string,
  { periodMs, offsetMs }: { periodMs: number; offsetMs: number },
  run: () => Promise<unknown>,
) {
  const startOf = (period: number) => new Date(period * periodMs + offsetMs);
  const queue = (period: number) =>
    ctx.jobs.send(name, { week: period }, { startAfter: startOf(period), key: `week-${period}` });
  const next = () => Math.floor((Date.now() - offsetMs) / periodMs) + 1;
  // The payload keeps the weekly chain's original name for its period (`week`).
  await ctx.jobs.work<{ week: number }>(name, async ({ week }) => {
    await run();
    await queue(Math.max(week + 1, next()));
  });
  await queue(next());
}
