import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { DB } from '../../db/types';
import { completeEnded } from './lesson-lifecycle';

// A booked lesson is completed once its end has passed (ADR 019). The app's clock says when
// that is, so completion is one statement run with the app's "now": by the reads that depend on
// it (a review, the student's prompts, a tutor's profile and its Lessons taught), scoped to what
// they read, and by a periodic job for everything else. Each run is idempotent; the database
// trigger of migration 017 counts the tutor's lessons taught from the status change.

/**
 * Marks the booked lessons in `scope` that ended by `now` as completed. Pending lessons (paid by
 * a method that has not settled yet) wait: they become scheduled when the money arrives and
 * complete from there.
 */
export const completeEndedLessons = completeEnded;

export const COMPLETION_JOB = 'lessons.complete-ended';
/** How often the job sweeps the lessons no read has completed yet. */
const SWEEP_MINUTES = 5;
const SWEEP_MS = SWEEP_MINUTES * 60_000;

/**
 * Starts the periodic completion: each run completes what ended by the app's clock and queues
 * the next run. The cadence is technical (the database's clock runs delayed jobs), the decision
 * which lessons ended is the app clock's. Runs are numbered by their slot of real time and keyed
 * by it, so several processes queue one run per slot, and a chain never queues itself twice.
 */
export async function startCompletionWorker(deps: {
  db: Kysely<DB>;
  clock: Clock;
  jobs: JobQueue;
}) {
  const queue = (slot: number) =>
    deps.jobs.send(
      COMPLETION_JOB,
      { slot },
      { startAfter: new Date(slot * SWEEP_MS), key: `sweep-${slot}` },
    );
  const currentSlot = () => Math.floor(Date.now() / SWEEP_MS);
  await deps.jobs.work<{ slot: number }>(COMPLETION_JOB, async ({ slot }) => {
    await completeEndedLessons(deps.db, deps.clock.now());
    // After a pause (the app was stopped) the next run is the next slot from now.
    await queue(Math.max(slot + 1, currentSlot() + 1));
  });
  await queue(currentSlot());
}
