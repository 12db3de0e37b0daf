import type { Kysely, Transaction } from 'kysely';
import { CANCELLATION_POLICY } from '../../../domain/booking/cancellation-policy';
import type { Clock } from '../../adapters/clock';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { DB } from '../../db/types';
import { post } from './ledger.repository';

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
    const due = await trx
      .selectFrom('lesson_earnings as le')
      .select([
        'le.lesson_id',
        'le.tutor_profile_id',
        'le.net_cents',
        'le.currency',
        'le.payment_id',
      ])
      .where('le.status', '=', 'pending')
      .where('le.lesson_ends_at', '<=', windowClosedBefore)
      .$if(tutorProfileId !== undefined, (q) =>
        q.where('le.tutor_profile_id', '=', tutorProfileId!),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('reports as r')
              .innerJoin('payments as p', 'p.id', 'le.payment_id')
              .innerJoin('tutor_profiles as tp', 'tp.id', 'le.tutor_profile_id')
              .select('r.id')
              .where('r.status', '=', 'open')
              .whereRef('r.reporter_id', '=', 'p.student_id')
              .whereRef('r.reported_user_id', '=', 'tp.user_id'),
          ),
        ),
      )
      .orderBy('le.lesson_id')
      .forUpdate()
      .skipLocked()
      .execute();
    for (const earning of due) await releaseOne(trx, earning, now);
    return due.length;
  });
}

async function releaseOne(
  trx: Transaction<DB>,
  earning: {
    lesson_id: string;
    tutor_profile_id: string;
    net_cents: number;
    currency: string;
    payment_id: string;
  },
  now: Date,
) {
  await trx
    .updateTable('lesson_earnings')
    .set({ status: 'available', released_at: now })
    .where('lesson_id', '=', earning.lesson_id)
    .execute();
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

export const RELEASE_JOB = 'ledger.release-earnings';
const SWEEP_MS = 5 * 60_000;

/**
 * A sweep every five minutes of real time, keyed by its slot so that several processes queue
 * one run per slot (the same chain as lesson completion); which money is due is the app clock's
 * decision. Reads of a tutor's Earnings release that tutor's due money first, so no one waits
 * for the sweep.
 */
export async function startReleaseWorker(deps: { db: Kysely<DB>; clock: Clock; jobs: JobQueue }) {
  const queue = (slot: number) =>
    deps.jobs.send(
      RELEASE_JOB,
      { slot },
      { startAfter: new Date(slot * SWEEP_MS), key: `release-${slot}` },
    );
  const currentSlot = () => Math.floor(Date.now() / SWEEP_MS);
  await deps.jobs.work<{ slot: number }>(RELEASE_JOB, async ({ slot }) => {
    await releaseEarnings(deps.db, deps.clock.now());
    await queue(Math.max(slot + 1, currentSlot() + 1));
  });
  await queue(currentSlot());
}
