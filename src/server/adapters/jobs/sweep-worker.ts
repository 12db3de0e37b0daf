import type { z } from 'zod';
import { worker, type Job, type Worker } from './define-job';
import type { JobQueue } from './job-queue';

/**
 * A periodic sweep as a chain of jobs: each run sweeps, then queues the next run. The cadence is
 * technical (the database's clock runs delayed jobs); what a sweep decides is the app clock's.
 * Runs are numbered by their slot of real time (`everyMs`) and keyed by it (`${keyPrefix}-${slot}`),
 * so several processes queue one run per slot and a chain never queues itself twice. The first
 * run is due at start; after a pause (the app was stopped) the next run is the next slot from now.
 */
export function sweepWorker<Ctx extends { jobs: JobQueue }>(
  job: Job<z.ZodType<{ slot: number }>>,
  schedule: { everyMs: number; keyPrefix: string },
  sweep: (ctx: Ctx) => Promise<unknown>,
): Worker<Ctx> {
  const queue = (ctx: Ctx, slot: number) =>
    ctx.jobs.send(
      job,
      { slot },
      { startAfter: new Date(slot * schedule.everyMs), key: `${schedule.keyPrefix}-${slot}` },
    );
  const currentSlot = () => Math.floor(Date.now() / schedule.everyMs);
  return worker(
    job,
    async (ctx: Ctx, { slot }) => {
      await sweep(ctx);
      await queue(ctx, Math.max(slot + 1, currentSlot() + 1));
    },
    (ctx) => queue(ctx, currentSlot()),
  );
}
