import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TEST_ACCOUNTS } from '../../../domain/ledger/bank-details';
import { fixedClock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { createTutor } from '../../test/factories';
import { startSecondProcess, startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { balanceOf, post } from '../ledger/ledger.repository';
import { payEveryoneDue, requestPayout } from './request-payout';
import { payoutProviderOf } from './send-payout';

// Each tutor is paid once: two processes running the weekly payout at once (on PostgreSQL two
// API processes on one database; PGlite is one process, so two runs side by side in it), and a
// process that called the provider but died before recording the answer: the job, retried with
// the payout's id as key, makes no second transfer.

const NOW = new Date('2030-06-03T00:00:00Z');

/** A tutor whose built-in payout account is active, with `cents` available. */
async function tutorWithAvailable(db: Kysely<DB>, cents: number) {
  const tutor = await createTutor(db);
  const accountId = `lacct_test_${tutor.id}`;
  await db
    .insertInto('local_payout_accounts')
    .values({
      id: accountId,
      onboarding_token: `token-${tutor.id}`,
      legal_name: 'Tara Quinn',
      country: 'DE',
      iban: LOCAL_TEST_ACCOUNTS.ibanThatPays,
      completed_at: NOW,
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('payout_accounts')
    .values({
      tutor_profile_id: tutor.id,
      provider: 'local',
      provider_account_id: accountId,
      status: 'active',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await db.transaction().execute((trx) =>
    post(trx, {
      kind: 'adjustment',
      eventKey: `test-credit:${tutor.id}`,
      currency: 'USD',
      legs: [
        { account: 'adjustments', cents },
        { account: 'tutor_available', cents: -cents },
      ],
      at: NOW,
      tutorProfileId: tutor.id,
    }),
  );
  return tutor;
}

describe.each(TEST_DRIVERS)('%s: payouts exactly once', (driver) => {
  let first: TestApp;
  let second: TestApp;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    first = await startTestApp(driver, {}, { clock });
    second = driver === 'postgres' ? await startSecondProcess(first, {}, { clock }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  });
  const db = () => first.database.db;

  const transfersOf = (payoutId: string) =>
    db()
      .selectFrom('local_transfers')
      .selectAll()
      .where('idempotency_key', '=', payoutId)
      .execute();

  const statusOf = async (payoutId: string) =>
    (
      await db()
        .selectFrom('payouts')
        .select('status')
        .where('id', '=', payoutId)
        .executeTakeFirstOrThrow()
    ).status;

  it('two weekly runs at once pay each tutor once', async () => {
    const tutors = await Promise.all([3000, 4500, 2000].map((c) => tutorWithAvailable(db(), c)));
    const [a, b] = await Promise.all([
      payEveryoneDue(first.app.deps),
      payEveryoneDue(second.app.deps),
    ]);
    expect(a + b).toBe(3);
    const payouts = await db()
      .selectFrom('payouts')
      .select(['id', 'tutor_profile_id', 'amount_cents'])
      .where(
        'tutor_profile_id',
        'in',
        tutors.map((t) => t.id),
      )
      .execute();
    expect(payouts.map((p) => p.amount_cents).sort()).toEqual([2000, 3000, 4500]);
    for (const payout of payouts) {
      await expect.poll(() => statusOf(payout.id), { timeout: 15_000 }).toBe('paid');
      expect((await transfersOf(payout.id)).map((t) => t.status)).toEqual(['paid']);
    }
    for (const tutor of tutors) {
      expect(await balanceOf(db(), 'tutor_available', tutor.id, 'USD')).toBe(0);
      expect(await balanceOf(db(), 'tutor_in_transit', tutor.id, 'USD')).toBe(0);
    }
  });

  it('a provider call whose answer was lost is made again with the same key: one transfer', async () => {
    const tutor = await tutorWithAvailable(db(), 2500);
    const outcome = await db()
      .transaction()
      .execute((trx) => requestPayout(first.app.deps, trx, tutor.id, 'withdraw'));
    expect(outcome.kind).toBe('requested');
    const payoutId = outcome.payoutId!;
    // The process reached the provider, then died before it recorded the transfer.
    const lost = await payoutProviderOf(second.app.deps).transfer({
      idempotencyKey: payoutId,
      accountId: `lacct_test_${tutor.id}`,
      amountCents: 2500,
      currency: 'USD',
    });
    await expect
      .poll(
        async () =>
          (
            await db()
              .selectFrom('payouts')
              .select(['status', 'provider_transfer_id'])
              .where('id', '=', payoutId)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 15_000 },
      )
      .toBe('paid');
    const transfers = await transfersOf(payoutId);
    expect(transfers.map((t) => [t.id, t.amount_cents, t.status])).toEqual([
      [lost.transferId, 2500, 'paid'],
    ]);
    const paidPostings = await db()
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('payout_id', '=', payoutId)
      .execute();
    expect(paidPostings.map((p) => p.kind).sort()).toEqual(['payout_paid', 'payout_requested']);
  });
});
