import { worker, type Job } from '../../adapters/jobs/define-job';
import { sendAccountAttentionEmail } from './account-attention';
import { settleLocalTransfer } from './local-payout-provider';
import { PAYOUT_JOBS } from './payouts.jobs';
import { sendPayoutNotice } from './payout-notices';
import type { PayoutsContext } from './payouts-context';
import { reconcile } from './reconciliation';
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
  worker(PAYOUT_JOBS.accountAttention, (ctx: PayoutsContext, { tutorProfileId }) =>
    sendAccountAttentionEmail(ctx, tutorProfileId),
  ),
  // Every Monday 00:00 UTC, the payout of everyone due.
  chain(PAYOUT_JOBS.weekly, { periodMs: WEEK_MS, offsetMs: MONDAY_OFFSET_MS }, payEveryoneDue),
  // Every day at 03:00 UTC, the provider's record against the ledger.
  chain(PAYOUT_JOBS.reconcile, { periodMs: DAY_MS, offsetMs: 3 * HOUR_MS }, reconcile),
];

/**
 * A run every `periodMs` from `offsetMs` past the epoch: each run is keyed by its period, so
 * several processes queue one; each queues the next.
 */
function chain(
  job: typeof PAYOUT_JOBS.weekly | typeof PAYOUT_JOBS.reconcile,
  { periodMs, offsetMs }: { periodMs: number; offsetMs: number },
  run: (ctx: PayoutsContext) => Promise<unknown>,
) {
  const startOf = (period: number) => new Date(period * periodMs + offsetMs);
  const queue = (ctx: PayoutsContext, period: number) =>
    ctx.jobs.send(
      job as Job,
      { week: period },
      { startAfter: startOf(period), key: `week-${period}` },
    );
  const next = () => Math.floor((Date.now() - offsetMs) / periodMs) + 1;
  return worker(
    job,
    async (ctx: PayoutsContext, { week }) => {
      await run(ctx);
      await queue(ctx, Math.max(week + 1, next()));
    },
    (ctx) => queue(ctx, next()),
  );
}
