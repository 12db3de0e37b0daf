import type { Kysely, Transaction } from 'kysely';
import { CANCELLATION_POLICY } from '../../../domain/booking/cancellation-policy';
import type { Clock } from '../../adapters/clock';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import { sweepWorker } from '../../adapters/jobs/sweep-worker';
import type { DB } from '../../db/types';
import { completeEndedLessons } from '../lessons/lesson-completion';
import { LEDGER_JOBS } from './ledger.jobs';
import { type DueEarning, lockDueEarnings, markEarningAvailable, post } from './ledger.repository';

// An earned lesson's money becomes available to its tutor once nobody can report the lesson any
// more: 48 hours after its end (the no-show window), and not while the lesson's student has an
// open report against the tutor. Idempotent: each lesson is released once (its event key), and
// released rows are locked and skipped by a second sweep running side by side.

const HOUR_MS = 3_600_000;

/** Releases what may be released by `now` (one tutor's, or everyone's); answers how many. */
export async function releaseEarnings(db: Kysely<DB>, now: Date, tutorProfileId?: string) {
  const windowClosedBefore = new Date(
    now.getTime() - CANCELLATION_POLICY.noShowReportHours * HOUR_MS,
  );
  return db.transaction().execute(async (trx) => {
    const due = await lockDueEarnings(trx, windowClosedBefore, tutorProfileId);
    for (const earning of due) await releaseOne(trx, earning, now);
    return due.length;
  });
}

/**
 * What a read of balances must see first (one tutor's, or everyone's): the lessons that ended
 * by `now` completed (their money earned, by the lessons trigger) and what is due released.
 * Without it a lesson's money waits for the next sweeps after the clock has passed its end.
 */
export async function earnAndReleaseDue(db: Kysely<DB>, now: Date, tutorProfileId?: string) {
  await completeEndedLessons(db, now, tutorProfileId ? { tutorProfileId } : 'all');
  return releaseEarnings(db, now, tutorProfileId);
}

async function releaseOne(trx: Transaction<DB>, earning: DueEarning, now: Date) {
  await markEarningAvailable(trx, earning.lesson_id, now);
  await post(trx, {
    kind: 'earnings_released',
    eventKey: `earnings-released:${earning.lesson_id}`,
    currency: earning.currency.trim(),
    legs: [
      { account: 'tutor_pending', cents: earning.net_cents },
      { account: 'tutor_available', cents: -earning.net_cents },
    ],
    at: now,
    tutorProfileId: earning.tutor_profile_id,
    lessonId: earning.lesson_id,
    paymentId: earning.payment_id,
  });
}

/**
 * A sweep every five minutes of real time (the same chain as lesson completion); which money is
 * due is the app clock's decision. Reads of a tutor's Earnings release that tutor's due money
 * first, so no one waits for the sweep.
 */
export const releaseSweep = sweepWorker(
  LEDGER_JOBS.releaseEarnings,
  { everyMs: 5 * 60_000, keyPrefix: 'release' },
  (deps: { db: Kysely<DB>; clock: Clock; jobs: JobQueue }) =>
    releaseEarnings(deps.db, deps.clock.now()),
);
