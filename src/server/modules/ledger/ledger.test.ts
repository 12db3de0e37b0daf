import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitLessonPrice } from '../../../domain/ledger/commission';
import type { Database } from '../../db/database';
import { openTestDatabase, TEST_DRIVERS } from '../../test/test-database';
import { balanceOf, balances, post } from './ledger.repository';
import { insertStudent, newTutor, paidLesson } from '../../test/ledger-fixtures';
import { recordRefundGiven } from './money-events';
import { releaseEarnings } from './release-earnings';

// The ledger in the database itself: a transaction that does not balance is refused at commit,
// history cannot be edited, every event posts once, and a lesson's status change moves its money.

const PAID_AT = new Date('2030-03-01T10:00:00Z');
const START = new Date('2030-03-04T10:00:00Z');
// The fixtures' lessons last 50 minutes, and a lesson ends at its length.
const END = new Date('2030-03-04T10:50:00Z');
const HOUR = 3_600_000;

describe.each(TEST_DRIVERS)('%s: the ledger', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database?.close());
  const db = () => database.db;

  const tutorBalances = async (tutorId: string) =>
    Object.fromEntries((await balances(db(), tutorId)).map((b) => [b.kind, b.cents]));

  it('refuses at commit a transaction whose entries do not sum to zero', async () => {
    const attempt = db()
      .transaction()
      .execute((trx) =>
        post(trx, {
          kind: 'adjustment',
          eventKey: 'unbalanced-1',
          currency: 'USD',
          legs: [
            { account: 'provider_cash', cents: 100 },
            { account: 'unearned', cents: -99 },
          ],
          at: PAID_AT,
        }),
      );
    await expect(attempt).rejects.toThrow(/does not balance: 1 USD off/);
    const stored = await db()
      .selectFrom('ledger_transactions')
      .select('id')
      .where('event_key', '=', 'unbalanced-1')
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses to change or remove an entry or a transaction', async () => {
    await db()
      .transaction()
      .execute((trx) =>
        post(trx, {
          kind: 'adjustment',
          eventKey: 'append-only-1',
          currency: 'USD',
          legs: [
            { account: 'provider_cash', cents: 500 },
            { account: 'platform_revenue', cents: -500 },
          ],
          at: PAID_AT,
        }),
      );
    const { id } = await db()
      .selectFrom('ledger_transactions')
      .select('id')
      .where('event_key', '=', 'append-only-1')
      .executeTakeFirstOrThrow();
    await expect(
      sql`UPDATE ledger_entries SET amount_cents = 1 WHERE transaction_id = ${id}`.execute(db()),
    ).rejects.toThrow(/append-only: UPDATE on ledger_entries refused/);
    await expect(
      sql`DELETE FROM ledger_entries WHERE transaction_id = ${id}`.execute(db()),
    ).rejects.toThrow(/append-only: DELETE on ledger_entries refused/);
    await expect(
      sql`UPDATE ledger_transactions SET memo = 'x' WHERE id = ${id}`.execute(db()),
    ).rejects.toThrow(/append-only: UPDATE on ledger_transactions refused/);
    await expect(sql`TRUNCATE ledger_entries`.execute(db())).rejects.toThrow(/append-only/);
    const entries = await db()
      .selectFrom('ledger_entries')
      .select('amount_cents')
      .where('transaction_id', '=', id)
      .orderBy('amount_cents')
      .execute();
    expect(entries.map((e) => Number(e.amount_cents))).toEqual([-500, 500]);
  });

  it('refuses an entry in another currency than its account', async () => {
    await db()
      .transaction()
      .execute((trx) =>
        post(trx, {
          kind: 'adjustment',
          eventKey: 'eur-account',
          currency: 'EUR',
          legs: [
            { account: 'provider_cash', cents: 1 },
            { account: 'platform_revenue', cents: -1 },
          ],
          at: PAID_AT,
        }),
      );
    const [eur] = await sql<{ id: number }>`
      SELECT id FROM ledger_accounts WHERE kind = 'provider_cash' AND currency = 'EUR'`
      .execute(db())
      .then((r) => r.rows);
    const attempt = db()
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx
          .insertInto('ledger_transactions')
          .values({ kind: 'adjustment', event_key: 'mixed', created_at: PAID_AT })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_entries')
          .values({ transaction_id: id, account_id: eur!.id, amount_cents: 1, currency: 'USD' })
          .execute();
      });
    await expect(attempt).rejects.toThrow(/foreign key/);
  });

  it('posts an event once, however often it is reported', async () => {
    const tutor = await newTutor(db());
    const studentId = await insertStudent(db());
    const { paymentId } = await paidLesson(
      db(),
      { tutor, studentId },
      {
        priceCents: 4000,
        start: START,
        paidAt: PAID_AT,
      },
    );
    for (let i = 0; i < 2; i++)
      await db()
        .transaction()
        .execute((trx) =>
          recordRefundGiven(
            trx,
            { paymentId, amountCents: 1000, key: `once-${paymentId}` },
            PAID_AT,
          ),
        );
    const refunds = await db()
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('payment_id', '=', paymentId)
      .orderBy('created_at')
      .execute();
    expect(refunds.map((r) => r.kind).sort()).toEqual(['payment_received', 'refund']);
  });

  it('a completed lesson moves its price to the tutor (pending) and the commission to revenue, released 48 h after its end', async () => {
    const tutor = await newTutor(db());
    const studentId = await insertStudent(db());
    const revenueBefore = await balanceOf(db(), 'platform_revenue', null, 'USD');
    const { lessonId, paymentId } = await paidLesson(
      db(),
      { tutor, studentId },
      {
        priceCents: 3000,
        start: START,
        paidAt: PAID_AT,
      },
    );
    const rate = await db()
      .selectFrom('payment_commissions')
      .select('rate_bp')
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(rate.rate_bp).toBe(2500); // a new tutor: 0 h taught
    await db()
      .updateTable('lessons')
      .set({ status: 'completed', updated_at: END })
      .where('id', '=', lessonId)
      .execute();
    expect(await tutorBalances(tutor.id)).toEqual({ tutor_pending: -2250 });
    expect((await balanceOf(db(), 'platform_revenue', null, 'USD')) - revenueBefore).toBe(-750);

    // Within the no-show window nothing is released; from its end, once.
    expect(await releaseEarnings(db(), new Date(END.getTime() + 48 * HOUR - 1), tutor.id)).toBe(0);
    expect(await releaseEarnings(db(), new Date(END.getTime() + 48 * HOUR), tutor.id)).toBe(1);
    expect(await releaseEarnings(db(), new Date(END.getTime() + 50 * HOUR), tutor.id)).toBe(0);
    expect(await tutorBalances(tutor.id)).toEqual({ tutor_pending: 0, tutor_available: -2250 });
  });

  it('an open report by the student against the tutor holds the money back', async () => {
    const tutor = await newTutor(db());
    const studentId = await insertStudent(db());
    const { lessonId } = await paidLesson(
      db(),
      { tutor, studentId },
      {
        priceCents: 3000,
        start: START,
        paidAt: PAID_AT,
      },
    );
    await db()
      .updateTable('lessons')
      .set({ status: 'completed', updated_at: END })
      .where('id', '=', lessonId)
      .execute();
    const { id: reportId } = await db()
      .insertInto('reports')
      .values({
        reporter_id: studentId,
        kind: 'user',
        reported_user_id: tutor.userId,
        reason: 'other',
        created_at: END,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = new Date(END.getTime() + 72 * HOUR);
    expect(await releaseEarnings(db(), later, tutor.id)).toBe(0);
    await db()
      .updateTable('reports')
      .set({ status: 'dismissed', resolved_at: later, resolved_by: tutor.userId })
      .where('id', '=', reportId)
      .execute();
    expect(await releaseEarnings(db(), later, tutor.id)).toBe(1);
  });

  it('an absent tutor reported after completion gives the price back to unearned, then the refund takes it out', async () => {
    const tutor = await newTutor(db());
    const studentId = await insertStudent(db());
    const unearnedBefore = await balanceOf(db(), 'unearned', null, 'USD');
    const cashBefore = await balanceOf(db(), 'provider_cash', null, 'USD');
    const { lessonId, paymentId } = await paidLesson(
      db(),
      { tutor, studentId },
      {
        priceCents: 3000,
        start: START,
        paidAt: PAID_AT,
      },
    );
    await db()
      .updateTable('lessons')
      .set({ status: 'completed', updated_at: END })
      .where('id', '=', lessonId)
      .execute();
    const reportedAt = new Date(END.getTime() + HOUR);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('lessons')
          .set({
            status: 'no_show',
            no_show_party: 'tutor',
            no_show_reported_at: reportedAt,
            refund_cents: 3000,
            updated_at: reportedAt,
          })
          .where('id', '=', lessonId)
          .execute();
        await recordRefundGiven(
          trx,
          { paymentId, amountCents: 3000, key: `lesson-refund-${lessonId}`, lessonId },
          reportedAt,
        );
      });
    expect(await tutorBalances(tutor.id)).toEqual({ tutor_pending: 0 });
    expect(await balanceOf(db(), 'unearned', null, 'USD')).toBe(unearnedBefore);
    expect(await balanceOf(db(), 'provider_cash', null, 'USD')).toBe(cashBefore);
    expect(await releaseEarnings(db(), new Date(END.getTime() + 49 * HOUR), tutor.id)).toBe(0);
  });

  it("a late cancel counts as given: the tutor earns the lesson's price", async () => {
    const tutor = await newTutor(db());
    const studentId = await insertStudent(db());
    const { lessonId } = await paidLesson(
      db(),
      { tutor, studentId },
      {
        priceCents: 2000,
        start: START,
        paidAt: PAID_AT,
      },
    );
    const at = new Date(START.getTime() - HOUR);
    await db()
      .updateTable('lessons')
      .set({ status: 'canceled', canceled_at: at, credit_forfeited: true, updated_at: at })
      .where('id', '=', lessonId)
      .execute();
    expect(await tutorBalances(tutor.id)).toEqual({ tutor_pending: -1500 });
  });

  it('the database splits a price as the domain does (nearest cent, halves up)', async () => {
    const tutor = await newTutor(db());
    const studentId = await insertStudent(db());
    const cases = [
      [2999, 2500],
      [1002, 1250],
      [1004, 1250],
      [3333, 1500],
      [4999, 1200],
    ] as const;
    for (const [i, [price, rate]] of cases.entries()) {
      const { lessonId, paymentId } = await paidLesson(
        db(),
        { tutor, studentId },
        {
          priceCents: price,
          start: new Date(START.getTime() + i * 2 * HOUR),
          paidAt: PAID_AT,
        },
      );
      await db()
        .updateTable('payment_commissions')
        .set({ rate_bp: rate })
        .where('payment_id', '=', paymentId)
        .execute();
      await db()
        .updateTable('lessons')
        .set({ status: 'completed', updated_at: END })
        .where('id', '=', lessonId)
        .execute();
      const earning = await db()
        .selectFrom('lesson_earnings')
        .select(['commission_cents', 'net_cents'])
        .where('lesson_id', '=', lessonId)
        .executeTakeFirstOrThrow();
      const split = splitLessonPrice(price, rate);
      expect([earning.commission_cents, earning.net_cents]).toEqual([
        split.commissionCents,
        split.netCents,
      ]);
    }
  });

  it('a free trial and a lesson paid before the ledger move nothing', async () => {
    const tutor = await newTutor(db());
    const studentId = await insertStudent(db());
    const { createLesson } = await import('../../test/factories');
    const trial = await createLesson(db(), { tutor, studentId, start: START, isTrial: true });
    const unpaid = await createLesson(db(), {
      tutor,
      studentId,
      start: new Date(START.getTime() + 2 * HOUR),
    });
    await db()
      .updateTable('lessons')
      .set({ status: 'completed', updated_at: END })
      .where('id', 'in', [trial, unpaid])
      .execute();
    expect(await tutorBalances(tutor.id)).toEqual({});
  });
});
