import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../adapters/clock';
import { startJobQueue, type JobQueue } from '../../adapters/jobs/job-queue';
import { devMailbox } from '../../adapters/mail/mailer';
import type { Database } from '../../db/database';
import { createTutor } from '../../test/factories';
import { openTestDatabase, TEST_DRIVERS } from '../../test/test-database';
import { applyPayoutEvent } from '../payouts/apply-payout-event';
import { PAYOUT_JOBS } from '../payouts/payouts.jobs';
import type { PayoutsContext } from '../payouts/payouts-context';
import { requestPayout } from '../payouts/request-payout';
import { post } from './ledger.repository';
import { insertStudent, paidLesson } from '../../test/ledger-fixtures';
import { recordRefundGiven } from './money-events';
import { releaseEarnings } from './release-earnings';

// Random sequences of money events for several tutors — pay, cancel early or late, complete, an
// absent tutor reported, time passing, payout requested, paid or failed, admin adjustment —
// through the real ledger code on a real database. After every step: each transaction sums to
// zero, no tutor balance is negative except by an adjustment, the platform's revenue is the
// commission of the lessons that count as given, and nothing is paid out that was not available.

const START = new Date('2031-01-06T00:00:00Z');
const HOUR = 3_600_000;
const TUTORS = 3;

type Step =
  | { op: 'pay'; tutor: number; priceCents: number }
  | { op: 'complete' | 'cancelEarly' | 'cancelLate' | 'tutorAbsent'; lesson: number }
  | { op: 'advance'; hours: number }
  | { op: 'payout'; tutor: number; outcome: 'open' | 'paid' | 'failed' }
  | { op: 'settle'; paid: boolean }
  | { op: 'adjust'; tutor: number; cents: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      tutor: fc.nat(TUTORS - 1),
      priceCents: fc.integer({ min: 500, max: 9999 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constantFrom(
        'complete' as const,
        'complete' as const,
        'cancelEarly' as const,
        'cancelLate' as const,
        'tutorAbsent' as const,
      ),
      lesson: fc.nat(20),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      hours: fc.integer({ min: 12, max: 72 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('payout' as const),
      tutor: fc.nat(TUTORS - 1),
      outcome: fc.constantFrom('open' as const, 'paid' as const, 'failed' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('settle' as const), paid: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('adjust' as const),
      tutor: fc.nat(TUTORS - 1),
      cents: fc.integer({ min: -3000, max: 3000 }),
    }),
  },
);

describe.each(TEST_DRIVERS)('%s: the ledger under random money events', (driver) => {
  let database: Database;
  let jobs: JobQueue;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // A real queue with no workers: payouts are settled here by their webhook's function.
    jobs = await startJobQueue(database, { onError: () => {} });
    // Sending in a transaction needs the queue to exist (a worker would have created it).
    await jobs.cancel(PAYOUT_JOBS.send, ['create-the-queue']);
    await jobs.cancel(PAYOUT_JOBS.notice, ['create-the-queue']);
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('keeps every invariant after every step', async () => {
    const db = database.db;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 15, maxLength: 30 }), async (steps) => {
        run += 1;
        const clock = fixedClock(new Date(START.getTime() + run * 1000 * HOUR));
        const ctx: PayoutsContext = {
          db,
          clock,
          jobs,
          mailer: devMailbox(db),
          signingSecret: 'x'.repeat(32),
          env: {
            PUBLIC_URL: 'http://127.0.0.1:1',
            // A low minimum, so that short sequences reach payouts.
            PAYOUT_MINIMUM_CENTS: 100,
          },
        };
        const tutors: Awaited<ReturnType<typeof createTutor>>[] = [];
        for (let i = 0; i < TUTORS; i++) {
          const tutor = await createTutor(db);
          await db
            .insertInto('payout_accounts')
            .values({
              tutor_profile_id: tutor.id,
              provider: 'local',
              provider_account_id: `lacct_prop_${tutor.id}`,
              status: 'active',
              created_at: clock.now(),
              updated_at: clock.now(),
            })
            .execute();
          tutors.push(tutor);
        }
        const studentId = await insertStudent(db);
        const lessons: {
          id: string;
          paymentId: string;
          price: number;
          tutor: number;
          endsAt: Date;
        }[] = [];
        let slot = 0;

        for (const s of steps) {
          const now = clock.now();
          const lesson =
            'lesson' in s ? lessons[s.lesson % Math.max(lessons.length, 1)] : undefined;
          const status = lesson
            ? (
                await db
                  .selectFrom('lessons')
                  .select('status')
                  .where('id', '=', lesson.id)
                  .executeTakeFirstOrThrow()
              ).status
            : undefined;
          switch (s.op) {
            case 'pay': {
              slot += 1;
              const start = new Date(now.getTime() + 24 * HOUR + slot * 2 * HOUR);
              const paid = await paidLesson(
                db,
                { tutor: tutors[s.tutor]!, studentId },
                { priceCents: s.priceCents, start, paidAt: now },
              );
              lessons.push({
                ...paid,
                id: paid.lessonId,
                price: s.priceCents,
                tutor: s.tutor,
                endsAt: new Date(start.getTime() + HOUR),
              });
              break;
            }
            case 'complete':
              if (lesson && status === 'scheduled') {
                // The lesson's time comes first; then it completes.
                if (clock.now() < lesson.endsAt) clock.set(lesson.endsAt);
                await db
                  .updateTable('lessons')
                  .set({ status: 'completed', updated_at: clock.now() })
                  .where('id', '=', lesson.id)
                  .execute();
              }
              break;
            case 'cancelEarly':
              if (lesson && status === 'scheduled')
                await db.transaction().execute(async (trx) => {
                  await trx
                    .updateTable('lessons')
                    .set({
                      status: 'canceled',
                      canceled_at: now,
                      refund_cents: lesson.price,
                      updated_at: now,
                    })
                    .where('id', '=', lesson.id)
                    .execute();
                  await recordRefundGiven(
                    trx,
                    {
                      paymentId: lesson.paymentId,
                      amountCents: lesson.price,
                      key: `prop-${lesson.id}`,
                      lessonId: lesson.id,
                    },
                    now,
                  );
                });
              break;
            case 'cancelLate':
              if (lesson && status === 'scheduled')
                await db
                  .updateTable('lessons')
                  .set({
                    status: 'canceled',
                    canceled_at: now,
                    credit_forfeited: true,
                    updated_at: now,
                  })
                  .where('id', '=', lesson.id)
                  .execute();
              break;
            case 'tutorAbsent':
              // Reported within the no-show window only (the policy refuses it later).
              if (
                lesson &&
                status === 'completed' &&
                now.getTime() - lesson.endsAt.getTime() < 48 * HOUR
              )
                await db.transaction().execute(async (trx) => {
                  await trx
                    .updateTable('lessons')
                    .set({
                      status: 'no_show',
                      no_show_party: 'tutor',
                      no_show_reported_at: now,
                      refund_cents: lesson.price,
                      updated_at: now,
                    })
                    .where('id', '=', lesson.id)
                    .execute();
                  await recordRefundGiven(
                    trx,
                    {
                      paymentId: lesson.paymentId,
                      amountCents: lesson.price,
                      key: `prop-${lesson.id}`,
                      lessonId: lesson.id,
                    },
                    now,
                  );
                });
              break;
            case 'advance':
              clock.advance(s.hours * HOUR);
              await releaseEarnings(db, clock.now());
              break;
            case 'payout': {
              const requested = await db
                .transaction()
                .execute((trx) => requestPayout(ctx, trx, tutors[s.tutor]!.id, 'withdraw'));
              if (requested.kind === 'requested' && s.outcome !== 'open')
                await settle(requested.payoutId!, s.outcome === 'paid');
              break;
            }
            case 'settle': {
              const open = await db
                .selectFrom('payouts')
                .select('id')
                .where('status', 'in', ['requested', 'in_transit'])
                .where(
                  'tutor_profile_id',
                  'in',
                  tutors.map((t) => t.id),
                )
                .orderBy('requested_at')
                .limit(1)
                .executeTakeFirst();
              if (open) await settle(open.id, s.paid);
              // A failed payout leaves the account needing attention: the tutor fixes it.
              await db
                .updateTable('payout_accounts')
                .set({ status: 'active' })
                .where(
                  'tutor_profile_id',
                  'in',
                  tutors.map((t) => t.id),
                )
                .execute();
              break;
            }
            case 'adjust':
              if (s.cents !== 0)
                await db.transaction().execute((trx) =>
                  post(trx, {
                    kind: 'adjustment',
                    eventKey: `prop-adjust-${tutors[s.tutor]!.id}-${now.getTime()}-${Math.random()}`,
                    currency: 'USD',
                    legs: [
                      { account: 'adjustments', cents: s.cents },
                      { account: 'tutor_available', cents: -s.cents },
                    ],
                    at: now,
                    tutorProfileId: tutors[s.tutor]!.id,
                  }),
                );
              break;
          }
          await checkInvariants(tutors.map((t) => t.id));
        }
      }),
      // A fixed seed: the same sequences every run (never a flaky test), reaching every event.
      { numRuns: 12, seed: 2026 },
    );
    // The sequences reached the money events (a payout's outcome, paid or failed, at least once).
    const kinds = (
      await db.selectFrom('ledger_transactions').select('kind').distinct().execute()
    ).map((k) => k.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'adjustment',
        'earnings_released',
        'lesson_earned',
        'lesson_reversed',
        'payment_received',
        'payout_requested',
        'refund',
      ]),
    );
    expect(kinds.some((kind) => kind === 'payout_paid' || kind === 'payout_failed')).toBe(true);

    /** The provider's webhook: the payout was paid, or failed (the tutor then fixes the account). */
    async function settle(payoutId: string, paid: boolean) {
      const ids = { id: `prop-${payoutId}`, payoutId, transferId: `t-${payoutId}` };
      await applyPayoutEvent(
        {
          db,
          clock: fixedClock(new Date()),
          jobs,
          mailer: devMailbox(db),
          signingSecret: 'x'.repeat(32),
          env: { PUBLIC_URL: 'http://127.0.0.1:1', PAYOUT_MINIMUM_CENTS: 100 },
        },
        'local',
        paid
          ? { ...ids, type: 'payout.paid' }
          : { ...ids, type: 'payout.failed', failureMessage: 'Closed.' },
      );
    }

    async function checkInvariants(tutorIds: string[]) {
      const unbalanced = await db
        .selectFrom('ledger_entries')
        .select('transaction_id')
        .groupBy('transaction_id')
        .having((eb) => eb.fn.sum('amount_cents'), '<>', 0)
        .execute();
      expect(unbalanced).toEqual([]);
      for (const tutorId of tutorIds) {
        const owed = async (kind: string) => {
          const { rows } = await sql<{ cents: string | null }>`
            SELECT -sum(e.amount_cents) AS cents FROM ledger_entries e
              JOIN ledger_accounts a ON a.id = e.account_id
             WHERE a.kind = ${kind} AND a.tutor_profile_id = ${tutorId}`.execute(db);
          return Number(rows[0]?.cents ?? 0);
        };
        const earnings = await db
          .selectFrom('lesson_earnings')
          .select(['status', 'net_cents', 'commission_cents'])
          .where('tutor_profile_id', '=', tutorId)
          .execute();
        const sum = (status: string) =>
          earnings.filter((e) => e.status === status).reduce((t, e) => t + e.net_cents, 0);
        const { rows: adj } = await sql<{ cents: string | null }>`
          SELECT sum(e.amount_cents) AS cents FROM ledger_entries e
            JOIN ledger_transactions t ON t.id = e.transaction_id
            JOIN ledger_accounts a ON a.id = e.account_id
           WHERE t.kind = 'adjustment' AND a.kind = 'adjustments' AND t.tutor_profile_id = ${tutorId}`.execute(
          db,
        );
        const adjusted = Number(adj[0]?.cents ?? 0);
        const payouts = await db
          .selectFrom('payouts')
          .select(['status', 'amount_cents'])
          .where('tutor_profile_id', '=', tutorId)
          .execute();
        const out = (statuses: string[]) =>
          payouts
            .filter((p) => statuses.includes(p.status))
            .reduce((t, p) => t + p.amount_cents, 0);

        // Pending is exactly the net of lessons in their no-show window.
        expect(await owed('tutor_pending')).toBe(sum('pending'));
        // In transit is exactly the payouts on their way.
        expect(await owed('tutor_in_transit')).toBe(out(['requested', 'in_transit']));
        // Available = released earnings + adjustments − what left (on its way or paid).
        const available = await owed('tutor_available');
        expect(available).toBe(
          sum('available') + adjusted - out(['requested', 'in_transit', 'paid']),
        );
        // Negative only through an adjustment; nothing paid out that was not available.
        if (available < 0) expect(adjusted).toBeLessThan(0);
        expect(out(['requested', 'in_transit', 'paid'])).toBeLessThanOrEqual(
          sum('available') + Math.max(adjusted, 0),
        );
        // The platform's revenue from this tutor is the commission of the lessons that count.
        const { rows: revenue } = await sql<{ cents: string | null }>`
          SELECT -sum(e.amount_cents) AS cents FROM ledger_entries e
            JOIN ledger_transactions t ON t.id = e.transaction_id
            JOIN ledger_accounts a ON a.id = e.account_id
           WHERE a.kind = 'platform_revenue' AND t.tutor_profile_id = ${tutorId}`.execute(db);
        expect(Number(revenue[0]?.cents ?? 0)).toBe(
          earnings
            .filter((e) => e.status !== 'reversed')
            .reduce((t, e) => t + e.commission_cents, 0),
        );
      }
    }
  }, 600_000);
});
