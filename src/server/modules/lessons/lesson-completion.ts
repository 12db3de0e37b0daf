import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import { sweepWorker } from '../../adapters/jobs/sweep-worker';
import type { DB } from '../../db/types';
import { completeEnded } from './lesson-lifecycle';
import { LESSON_JOBS } from './lessons.jobs';

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

/** The periodic completion: every 5 minutes, what ended by the app's clock is completed. */
export const completionSweep = sweepWorker(
  LESSON_JOBS.completeEnded,
  { everyMs: 5 * 60_000, keyPrefix: 'sweep' },
  (deps: { db: Kysely<DB>; clock: Clock; jobs: JobQueue }) =>
    completeEndedLessons(deps.db, deps.clock.now()),
);
