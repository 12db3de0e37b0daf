import { describe, expect, it } from 'vitest';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING } from '../../test/tokyo-mornings';
import { completeEndedLessons } from '../lessons/lesson-completion';
import { localCheckoutSuite, paidSingleLesson } from '../../test/payment-harness';
import { balances } from './ledger.repository';
import { cancelLesson, reportNoShow } from '../../../contracts/cancellation.contract';

// The money events of today's code reach the ledger, through the app as a student uses it: a
// payment through the built-in checkout, a cancel's refund, a lesson given and an absent tutor
// reported after it completed. After each, the platform's accounts and the tutor's move as
// they should, and every ledger transaction sums to zero.

const RATE_CENTS = 4000;
const HOUR = 3_600_000;

describe.each(TEST_DRIVERS)('%s: money events post to the ledger', (driver) => {
  const suite = localCheckoutSuite(driver);
  const { clock } = suite;
  const db = () => suite.app.database.db;

  const parties = async () => ({
    tutor: await createSignedInTutor(suite.app, { ...MORNING_TEACHING, rateCents: RATE_CENTS }),
    student: await createStudent(suite.app),
  });
  const postingsOf = (paymentId: string) =>
    db()
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('payment_id', '=', paymentId)
      .orderBy('created_at')
      .execute()
      .then((rows) => rows.map((row) => row.kind));
  const tutorOwed = async (tutorId: string) =>
    Object.fromEntries((await balances(db(), tutorId)).map((b) => [b.kind, 0 - b.cents]));
  const unbalanced = () =>
    db()
      .selectFrom('ledger_entries')
      .select('transaction_id')
      .groupBy('transaction_id')
      .having((eb) => eb.fn.sum('amount_cents'), '<>', 0)
      .execute();

  it('a paid lesson canceled in time: received, then refunded', async () => {
    const { tutor, student } = await parties();
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    expect(await postingsOf(paid.payment.id)).toEqual(['payment_received']);
    const rate = await db()
      .selectFrom('payment_commissions')
      .select('rate_bp')
      .where('payment_id', '=', paid.payment.id)
      .executeTakeFirstOrThrow();
    expect(rate.rate_bp).toBe(2500);

    await student.client.call(cancelLesson, {
      params: { id: paid.lessonId },
      body: {},
    });
    await expect
      .poll(() => postingsOf(paid.payment.id), { timeout: 10_000 })
      .toEqual(['payment_received', 'refund']);
    expect(await tutorOwed(tutor.id)).toEqual({});
    expect(await unbalanced()).toEqual([]);
  });

  it('a lesson given earns; its absent tutor reported after completion gives it all back', async () => {
    const { tutor, student } = await parties();
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    clock.set(new Date(paid.lesson.ends_at.getTime() + HOUR));
    // The completion pass (ADR 019) completes it: the database posts its earnings.
    await completeEndedLessons(db(), clock.now(), { lessonId: paid.lessonId });
    const net = paid.amountCents - Math.floor((paid.amountCents * 2500 + 5000) / 10000);
    expect(await tutorOwed(tutor.id)).toEqual({ tutor_pending: net });

    await student.client.call(reportNoShow, { params: { id: paid.lessonId } });
    await expect
      .poll(() => postingsOf(paid.payment.id), { timeout: 10_000 })
      .toEqual(['payment_received', 'lesson_earned', 'lesson_reversed', 'refund']);
    expect(await tutorOwed(tutor.id)).toEqual({ tutor_pending: 0 });
    expect(await unbalanced()).toEqual([]);
  });
});
