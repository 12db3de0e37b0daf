import { worker } from '../../adapters/jobs/define-job';
import { settleLocalTransfer } from './local-payout-provider';
import { PAYOUT_JOBS } from './payouts.jobs';
import { sendPayoutNotice } from './payout-notices';
import type { PayoutsContext } from './payouts-context';
import { payEveryoneDue } from './request-payout';
import { sendPayout } from './send-payout';
import { unsentPayouts } from './payouts.repository';

// The payouts' workers, started once per process with the app. Each handler is safe to run
// twice and side by side in several processes.

const WEEK_MS = 7 * 86_400_000;
/** Weeks counted from a Monday 00:00 UTC (the Unix epoch was a Thursday). */
const MONDAY_OFFSET_MS = 4 * 86_400_000;

export const payoutWorkers = [
  worker(
    PAYOUT_JOBS.send,
    (ctx: PayoutsContext, { payoutId }) => sendPayout(ctx, payoutId),
    // A payout written before a crash whose job was lost with it: sent again, same key.
    async (ctx) => {
      for (const { id } of await unsentPayouts(ctx.db))
        await ctx.jobs.send(PAYOUT_JOBS.send, { payoutId: id }, { key: id });
    },
  ),
  worker(PAYOUT_JOBS.localSettle, (ctx: PayoutsContext, { transferId }) =>
    settleLocalTransfer(ctx, transferId),
  ),
  worker(PAYOUT_JOBS.notice, (ctx: PayoutsContext, { payoutId }) =>
    sendPayoutNotice(ctx, payoutId),
  ),
  weeklyPayouts(),
];

/**
 * Every Monday 00:00 UTC, the payout of everyone due. The run of each week is keyed by the
 * week, so several processes queue one; each queues the next week's.
 */
function weeklyPayouts() {
  const startOf = (week: number) => new Date(week * WEEK_MS + MONDAY_OFFSET_MS);
  const queue = (ctx: PayoutsContext, week: number) =>
    ctx.jobs.send(PAYOUT_JOBS.weekly, { week }, { startAfter: startOf(week), key: `week-${week}` });
  const nextWeek = () => Math.floor((Date.now() - MONDAY_OFFSET_MS) / WEEK_MS) + 1;
  return worker(
    PAYOUT_JOBS.weekly,
    async (ctx: PayoutsContext, { week }) => {
      await payEveryoneDue(ctx);
      await queue(ctx, Math.max(week + 1, nextWeek()));
    },
    (ctx) => queue(ctx, nextWeek()),
  );
}
