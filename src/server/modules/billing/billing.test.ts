import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../contracts/payments.contract';
import { fixedClock } from '../../adapters/clock';
import { signUpAndVerify } from '../../test/accounts';
import { createSignedInTutor, createStudent, createTutor } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createBoughtPackage, createPaidLesson, createPayment } from '../../test/purchase-fixtures';
import { getEarnings } from '../../../contracts/packages.contract';
import { getBilling } from '../../../contracts/payments.contract';

// Billing and Earnings read what checkout, fulfilment and scheduling stored; the tests store
// it directly and check the sums. The clock stands at NOW, mid-February 2030.
const NOW = new Date('2030-02-15T12:00:00Z');
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

describe.each(TEST_DRIVERS)('billing and earnings on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the student's payments newest first and the packages they paid for", async () => {
    const db = t.database.db;
    const tutor = await createTutor(db, { firstName: 'Clara', lastName: 'Whitfield' });
    const [student, otherStudent] = [await createStudent(t), await createStudent(t)];
    const pay = (createdAt: string, options: Partial<Parameters<typeof createPayment>[1]> = {}) =>
      createPayment(db, {
        studentId: student.id,
        tutorProfileId: tutor.id,
        amountCents: 3000,
        createdAt: at(createdAt),
        ...options,
      });
    /** Five lessons with the tutor at their package price. */
    const buyFive = (
      boughtAt: string,
      options: Partial<Parameters<typeof createBoughtPackage>[1]> = {},
    ) =>
      createBoughtPackage(db, {
        studentId: student.id,
        tutor,
        lessons: 5,
        amountCents: 11875,
        boughtAt: at(boughtAt),
        ...options,
      });
    const single = await pay('2030-01-10T09:00:00Z', { receiptUrl: 'https://pay.example/r/1' });
    const bought = await buyFive('2030-01-20T09:00:00Z');
    const lapsed = await buyFive('2029-11-01T09:00:00Z', { validityDays: 30 });
    const refunded = await pay('2030-02-01T09:00:00Z', {
      status: 'refunded',
      refundedCents: 3000,
    });
    const pending = await pay('2030-02-14T09:00:00Z', { status: 'pending' });
    const unpaidPackage = await buyFive('2030-02-15T11:00:00Z', { status: 'awaiting_payment' });
    await pay('2030-02-02T09:00:00Z', { studentId: otherStudent.id });
    // One lesson of the active package is booked, one was canceled (its credit came back).
    for (const [start, status] of [
      ['2030-02-20T09:00:00Z', 'scheduled'],
      ['2030-02-21T09:00:00Z', 'canceled'],
    ] as const)
      await createPaidLesson(db, {
        tutor,
        studentId: student.id,
        start: at(start),
        priceCents: 2375,
        status,
        paymentId: bought.paymentId,
        studentPackageId: bought.id,
      });

    const response = await student.client.call(getBilling);
    const payments = response.payments as PaymentView[];
    expect(payments.map((payment) => [payment.id, payment.status])).toEqual([
      [unpaidPackage.paymentId, 'pending'],
      [pending, 'pending'],
      [refunded, 'refunded'],
      [bought.paymentId, 'completed'],
      [single, 'completed'],
      [lapsed.paymentId, 'completed'],
    ]);
    expect(payments[4]).toEqual({
      id: single,
      kind: 'single',
      status: 'completed',
      description: 'One lesson',
      tutorName: 'Clara Whitfield',
      amountCents: 3000,
      refundedCents: 0,
      currency: 'USD',
      receiptUrl: 'https://pay.example/r/1',
      refundReason: null,
      createdAt: '2030-01-10T09:00:00.000Z',
      completedAt: '2030-01-10T09:00:00.000Z',
      holdExpiresAt: '2030-01-10T09:15:00.000Z',
    });
    expect(payments[2]).toMatchObject({ refundedCents: 3000, amountCents: 3000 });

    // Paid packages only (the open checkout shows as its payment), newest first; the old one has
    // passed its expiry even though nothing marked it.
    expect(response.packages).toEqual([
      {
        id: bought.id,
        name: 'Starter',
        tutorProfileId: tutor.id,
        tutorName: 'Clara Whitfield',
        subjectId: tutor.subjectId,
        subject: tutor.subjects[0]!.name,
        lessonMinutes: 50,
        numberOfLessons: 5,
        lessonsLeft: 4,
        status: 'active',
        expiresAt: new Date(at('2030-01-20T09:00:00Z').getTime() + 60 * DAY).toISOString(),
      },
      expect.objectContaining({
        id: lapsed.id,
        lessonsLeft: 5,
        status: 'expired',
        expiresAt: '2029-12-01T09:00:00.000Z',
      }),
    ]);

    const other = await otherStudent.client.call(getBilling);
    expect(other.packages).toEqual([]);
    expect(other.payments).toHaveLength(1);
    const tutorSignedIn = await createSignedInTutor(t);
    expect((await tutorSignedIn.client.callError(getBilling)).status).toBe(403);
    expect((await fetch(`${t.url}/api/billing`)).status).toBe(401);
  });

  it("sums a tutor's paid lessons per month in the tutor's zone, and what is still to come", async () => {
    const db = t.database.db;
    const tutor = await createSignedInTutor(t, { timezone: 'America/New_York' });
    const otherTutor = await createTutor(db);
    const student = await createStudent(t, { firstName: 'Ana', lastName: 'Lopez' });
    const lesson = (
      start: string,
      priceCents: number,
      options: Partial<Parameters<typeof createPaidLesson>[1]> = {},
    ) =>
      createPaidLesson(db, {
        tutor,
        studentId: student.id,
        start: at(start),
        priceCents,
        ...options,
      });
    const paidLesson = async (
      start: string,
      options: { status?: 'pending' | 'refunded'; lessonStatus?: 'canceled' } = {},
    ) => {
      const paymentId = await createPayment(db, {
        studentId: student.id,
        tutorProfileId: tutor.id,
        amountCents: 3000,
        createdAt: new Date(at(start).getTime() - 3 * DAY),
        status: options.status,
      });
      return lesson(start, 3000, { paymentId, status: options.lessonStatus });
    };
    const bought = await createBoughtPackage(db, {
      studentId: student.id,
      tutor,
      lessons: 4,
      amountCents: 10000,
      boughtAt: at('2030-01-15T09:00:00Z'),
    });
    const fromPackage = (start: string) =>
      lesson(start, 2500, { paymentId: bought.paymentId, studentPackageId: bought.id });

    const trial = await lesson('2029-12-20T15:00:00Z', 0, { isTrial: true });
    const january = await paidLesson('2030-01-10T15:00:00Z');
    const packageFirst = await fromPackage('2030-01-20T15:00:00Z');
    // 03:00 UTC on 1 February is still 31 January in New York.
    const packageLate = await fromPackage('2030-02-01T03:00:00Z');
    const february = await paidLesson('2030-02-10T15:00:00Z');
    const running = await paidLesson('2030-02-15T11:30:00Z');
    const soon = await paidLesson('2030-02-18T15:00:00Z');
    const packageNext = await fromPackage('2030-02-20T15:00:00Z');
    // None of these brings money.
    await paidLesson('2030-02-05T15:00:00Z', { status: 'refunded' });
    await paidLesson('2030-02-06T15:00:00Z', { lessonStatus: 'canceled' });
    const awaiting = await createPayment(db, {
      studentId: student.id,
      tutorProfileId: tutor.id,
      amountCents: 3000,
      createdAt: NOW,
      status: 'pending',
    });
    await lesson('2030-02-16T15:00:00Z', 3000, { paymentId: awaiting, status: 'awaiting_payment' });
    await createPaidLesson(db, {
      tutor: otherTutor,
      studentId: student.id,
      start: at('2030-01-12T15:00:00Z'),
      priceCents: 3000,
      paymentId: await createPayment(db, {
        studentId: student.id,
        tutorProfileId: otherTutor.id,
        amountCents: 3000,
        createdAt: at('2030-01-11T15:00:00Z'),
      }),
    });

    const response = await tutor.client.call(getEarnings);
    const earnings = response;
    expect(earnings.currency).toBe('USD');
    expect(earnings.totalEarnedCents).toBe(3000 + 2500 + 2500 + 3000);
    expect(earnings.upcomingCents).toBe(3000 + 3000 + 2500);
    expect(earnings.months).toEqual([
      { month: '2030-02', paidLessons: 1, earnedCents: 3000 },
      { month: '2030-01', paidLessons: 3, earnedCents: 8000 },
      { month: '2029-12', paidLessons: 0, earnedCents: 0 },
    ]);
    expect(
      earnings.paidLessons.map((l: { lessonId: string; amountCents: number }) => [
        l.lessonId,
        l.amountCents,
      ]),
    ).toEqual([
      [february, 3000],
      [packageLate, 2500],
      [packageFirst, 2500],
      [january, 3000],
      [trial, 0],
    ]);
    expect(earnings.paidLessons[1]).toEqual({
      lessonId: packageLate,
      studentName: 'Ana Lopez',
      subject: tutor.subjects[0]!.name,
      startTime: '2030-02-01T03:00:00.000Z',
      isTrial: false,
      fromPackage: true,
      status: 'completed',
      amountCents: 2500,
    });
    expect(earnings.paidLessons[4]).toMatchObject({ isTrial: true, fromPackage: false });
    expect(
      earnings.upcomingLessons.map((l: { lessonId: string; status: string }) => [
        l.lessonId,
        l.status,
      ]),
    ).toEqual([
      [running, 'in_progress'],
      [soon, 'scheduled'],
      [packageNext, 'scheduled'],
    ]);

    // Only tutors have earnings; a tutor without a profile has none yet.
    expect((await student.client.callError(getEarnings)).status).toBe(403);
    const { client: newcomer } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    expect(await newcomer.call(getEarnings)).toEqual({
      currency: 'USD',
      totalEarnedCents: 0,
      upcomingCents: 0,
      months: [],
      paidLessons: [],
      upcomingLessons: [],
    });
  });
});
