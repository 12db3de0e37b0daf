import { describe, expect, it } from 'vitest';
import { getCancellationQuote, reportNoShow } from '../../../contracts/cancellation.contract';
import { getMyPackagesWithTutor } from '../../../contracts/packages.contract';
import { CANCELLATION_MESSAGES as C } from '../../../domain/messages';
import { createSignedInTutor, createStudent, type TestStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { reminderJobs } from '../../test/reminder-jobs';
import { TEST_DRIVERS } from '../../test/test-database';
import {
  HOUR_SLOTS,
  MORNING_TEACHING,
  NOW,
  VIEWER_ZONE,
  viewerDate,
} from '../../test/tokyo-mornings';
import { createBoughtPackage, createPaidLesson } from '../../test/purchase-fixtures';
import { localCheckoutSuite, paidSingleLesson } from '../../test/payment-harness';

// Canceling lessons and reporting no-shows on each database, with the built-in checkout: the
// 24-hour line to the minute on a fixed clock, refunds through the provider exactly once, a
// package's credit returned or used, the tutor's cancel, the no-show window, and who may ask.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RATE_CENTS = 4200;
const STUDENT_ZONE = 'Asia/Tokyo';

describe.each(TEST_DRIVERS)('canceling lessons on %s', (driver) => {
  const suite = localCheckoutSuite(driver);
  const { clock } = suite;

  /** The student reads times in Tokyo: their emails say so, not the tutor's UTC. */
  const parties = async () => {
    const student = await createStudent(suite.app);
    await suite.app.database.db
      .updateTable('users')
      .set({ timezone: STUDENT_ZONE })
      .where('id', '=', student.id)
      .execute();
    return {
      tutor: await createSignedInTutor(suite.app, { ...MORNING_TEACHING, rateCents: RATE_CENTS }),
      student,
    };
  };
  /** '9:00 AM' on Tokyo's clocks, written apart from the app's formatting. */
  const inTokyo = (at: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: STUDENT_ZONE, hour: 'numeric', minute: '2-digit' })
      .format(at)
      .replace(/\u202f/g, ' ');
  const quote = (who: { client: TestClient }, lessonId: string) =>
    who.client.call(getCancellationQuote, { params: { id: lessonId } });
  const cancel = (who: { client: TestClient }, lessonId: string, reason?: string) =>
    who.client.post(`/api/lessons/${lessonId}/cancel`, reason === undefined ? {} : { reason });
  const payment = (id: string) =>
    suite.app.database.db
      .selectFrom('payments')
      .select(['status', 'refunded_cents', 'refund_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** What the provider's refunds of a session add up to, once the refund job has run. */
  const refundedAtProvider = (checkout: Parameters<typeof suite.harness.refundedCents>[1]) =>
    suite.harness.refundedCents(suite.app, checkout);
  const creditsLeft = async (student: TestStudent, tutorId: string) =>
    (await student.client.call(getMyPackagesWithTutor, { params: { id: tutorId } })).packages[0]
      ?.lessonsLeft;

  it('refunds a paid lesson canceled exactly 24 hours ahead, once however often it is canceled', async () => {
    const { tutor, student } = await parties();
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    const amount = `$${(paid.amountCents / 100).toFixed(2)}`;

    // 24 h 00 min before the start: inside the free window, to the minute.
    clock.set(new Date(paid.lesson.starts_at.getTime() - DAY));
    expect(await quote(student, paid.lessonId)).toMatchObject({
      settlement: 'refund',
      refundCents: paid.amountCents,
      message: C.refundToCard(amount),
      canCancel: true,
      reasonRequired: false,
    });
    const tutorMail = suite.app.inbox.countTo(tutor.email);
    const studentMail = suite.app.inbox.countTo(student.email);
    const first = await cancel(student, paid.lessonId, 'A family trip.');
    expect(first.status, first.text).toBe(200);
    expect(first.json.cancellation).toMatchObject({
      settlement: 'refund',
      refundCents: paid.amountCents,
      canceledBy: 'student',
      message: C.refundToCard(amount),
    });
    expect(first.json.lesson.status).toBe('canceled');
    // Its reminders are dropped with it.
    const reminders = await reminderJobs(suite.app.database.db, paid.lessonId);
    expect(reminders.map((job) => job.state)).toEqual(Array(4).fill('cancelled'));
    // Again, later and from the tutor too: the same answer, no second refund.
    clock.set(new Date(paid.lesson.starts_at.getTime() - HOUR));
    const second = await cancel(student, paid.lessonId);
    expect(second.json).toEqual(first.json);
    expect((await cancel(tutor, paid.lessonId, 'Me too')).json.cancellation.refundCents).toBe(
      paid.amountCents,
    );

    await expect
      .poll(() => payment(paid.payment.id), { timeout: 10_000 })
      .toEqual({
        status: 'refunded',
        refunded_cents: paid.amountCents,
        refund_reason: 'lesson_canceled',
      });
    expect(await refundedAtProvider(paid)).toBe(paid.amountCents);
    const refunds = await suite.app.database.db
      .selectFrom('payment_refunds')
      .select('amount_cents')
      .where('payment_id', '=', paid.payment.id)
      .execute();
    expect(refunds).toEqual([{ amount_cents: paid.amountCents }]);
    const notice = await suite.app.inbox.waitFor(tutor.email, { afterCount: tutorMail });
    expect(notice.subject).toMatch(/^Lesson canceled: /);
    expect(notice.text).toContain('Why: A family trip.');
    expect(suite.app.inbox.countTo(tutor.email)).toBe(tutorMail + 1);
    // The student has a record of their own cancel: when, in their zone, and the refund.
    const own = await suite.app.inbox.waitFor(student.email, { afterCount: studentMail });
    expect(own.subject).toMatch(/^You canceled your lesson: /);
    expect(own.subject).toContain(`${inTokyo(paid.lesson.starts_at)} – `);
    expect(own.text).toContain('(Asia/Tokyo).');
    expect(own.text).toContain(`We refund ${amount} to the card you paid with.`);
    expect(suite.app.inbox.countTo(student.email)).toBe(studentMail + 1);
  });

  it('gives nothing back 23 h 59 min ahead, and the tutor still refunds in full then, with a reason', async () => {
    const { tutor, student } = await parties();
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    clock.set(new Date(paid.lesson.starts_at.getTime() - DAY + MINUTE));
    expect(await quote(student, paid.lessonId)).toMatchObject({
      settlement: 'no_refund',
      refundCents: 0,
      message: C.lateNoRefund,
    });

    // The tutor may cancel at any time, but must say why.
    expect(await quote(tutor, paid.lessonId)).toMatchObject({
      settlement: 'refund',
      refundCents: paid.amountCents,
      reasonRequired: true,
    });
    const noReason = await cancel(tutor, paid.lessonId, '  ');
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.fields.reason).toBe(C.reasonRequired);
    const studentMail = suite.app.inbox.countTo(student.email);
    const canceled = await cancel(tutor, paid.lessonId, 'I am ill.');
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.json.cancellation).toMatchObject({ canceledBy: 'tutor', settlement: 'refund' });
    await expect.poll(() => refundedAtProvider(paid), { timeout: 10_000 }).toBe(paid.amountCents);
    await expect
      .poll(() => payment(paid.payment.id))
      .toMatchObject({
        status: 'refunded',
        refund_reason: 'tutor_canceled',
      });
    const notice = await suite.app.inbox.waitFor(student.email, { afterCount: studentMail });
    expect(notice.text).toContain('Why: I am ill.');
    expect(notice.text).toContain(`We refund $${(paid.amountCents / 100).toFixed(2)}`);
  });

  it('a late student cancel keeps the money: nothing is refunded', async () => {
    const { tutor, student } = await parties();
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    clock.set(new Date(paid.lesson.starts_at.getTime() - 2 * HOUR));
    const studentMail = suite.app.inbox.countTo(student.email);
    const canceled = await cancel(student, paid.lessonId);
    const own = await suite.app.inbox.waitFor(student.email, { afterCount: studentMail });
    expect(own.subject).toMatch(/^You canceled your lesson: /);
    expect(own.text).toContain('No refund: ');
    expect(canceled.json.cancellation).toMatchObject({
      settlement: 'no_refund',
      refundCents: 0,
      message: C.lateNoRefund,
    });
    expect(await payment(paid.payment.id)).toMatchObject({
      status: 'completed',
      refunded_cents: 0,
    });
  });

  it('keeps a lesson the student moved inside 24 hours late, and will not cancel the moved-away one', async () => {
    const { tutor, student } = await parties();
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    clock.set(new Date(paid.lesson.starts_at.getTime() - 2 * HOUR));
    // Too late for a free cancel: moving it three days on must not make it free again.
    const moved = await student.client.post(`/api/lessons/${paid.lessonId}/reschedule`, {
      bookingDate: viewerDate(6),
      slotLabel: HOUR_SLOTS[1],
      viewerZone: VIEWER_ZONE,
    });
    expect(moved.status, moved.text).toBe(201);
    const movedId = (moved.json as { lesson: { id: string } }).lesson.id;
    expect(await quote(student, movedId)).toMatchObject({
      settlement: 'no_refund',
      canCancel: true,
    });
    // The old lesson was moved, not canceled by anyone: canceling it is refused, not "done".
    const old = await cancel(student, paid.lessonId);
    expect(old.status, old.text).toBe(409);
    expect(old.json.error.message).toBe(C.cannotCancel);
    expect(old.json.error.code).toBe('CANNOT_CANCEL');
    expect((await quote(student, paid.lessonId)).canCancel).toBe(false);
    // The tutor's cancel still gives it all back.
    const byTutor = await cancel(tutor, movedId, 'I am away.');
    expect(byTutor.json.cancellation).toMatchObject({
      settlement: 'refund',
      refundCents: paid.amountCents,
    });
  });

  /** A package of `lessons` at $40 each bought yesterday, and a way to book its lessons. */
  async function boughtPackage(lessons: number) {
    const { tutor, student } = await parties();
    const bought = await createBoughtPackage(suite.app.database.db, {
      studentId: student.id,
      tutor,
      lessons,
      amountCents: lessons * 4000,
      boughtAt: new Date(NOW.getTime() - DAY),
    });
    const lessonAt = (start: Date) =>
      createPaidLesson(suite.app.database.db, {
        tutor,
        studentId: student.id,
        start,
        priceCents: 4000,
        paymentId: bought.paymentId,
        studentPackageId: bought.id,
      });
    return { tutor, student, bought, lessonAt };
  }

  it('returns exactly one package credit on a free cancel and uses it up on a late one', async () => {
    const { tutor, student, bought, lessonAt } = await boughtPackage(5);
    const early = await lessonAt(new Date(NOW.getTime() + 3 * DAY));
    const late = await lessonAt(new Date(NOW.getTime() + 5 * DAY));
    expect(await creditsLeft(student, tutor.id)).toBe(3);

    expect(await quote(student, early)).toMatchObject({
      settlement: 'credit_returns',
      message: C.creditReturns,
    });
    expect((await cancel(student, early)).status).toBe(200);
    expect((await cancel(student, early)).status).toBe(200);
    expect(await creditsLeft(student, tutor.id)).toBe(4);

    clock.set(new Date(NOW.getTime() + 5 * DAY - 3 * HOUR));
    expect(await quote(student, late)).toMatchObject({
      settlement: 'credit_forfeited',
      message: C.lateCreditUsed,
    });
    expect((await cancel(student, late)).json.cancellation.settlement).toBe('credit_forfeited');
    expect(await creditsLeft(student, tutor.id)).toBe(4);
    // No money moved for either.
    expect(await payment(bought.paymentId)).toMatchObject({
      status: 'completed',
      refunded_cents: 0,
    });
  });

  it('takes a no-show report only after the end and within 48 hours, and gives an absent tutor’s lesson back', async () => {
    const { tutor, student, lessonAt } = await boughtPackage(2);
    const start = new Date(NOW.getTime() + DAY);
    const lessonId = await lessonAt(start);
    // A 50-minute lesson ends at its length (ADR 026).
    const end = start.getTime() + 50 * MINUTE;
    const report = (who: { client: TestClient }) =>
      who.client.post(`/api/lessons/${lessonId}/no-show`);

    const refusal = async (who: { client: TestClient }) => {
      const { status, json } = await report(who);
      return [status, json.error?.code, json.error?.message];
    };
    clock.set(new Date(end - MINUTE));
    expect(await refusal(student)).toEqual([409, 'CANNOT_REPORT_NO_SHOW', C.cannotReport]);
    clock.set(new Date(end + 48 * HOUR));
    expect(await refusal(student)).toEqual([409, 'CANNOT_REPORT_NO_SHOW', C.cannotReport]);
    clock.set(new Date(end + 48 * HOUR - MINUTE));
    expect(await creditsLeft(student, tutor.id)).toBe(1);
    const tutorMail = suite.app.inbox.countTo(tutor.email);
    const reported = await report(student);
    expect(reported.status, reported.text).toBe(200);
    expect(reported.json.noShow).toMatchObject({
      absent: 'tutor',
      settlement: 'credit_returns',
      reportedAt: new Date(end + 48 * HOUR - MINUTE).toISOString(),
    });
    expect(reported.json.lesson.status).toBe('no_show');
    expect(await creditsLeft(student, tutor.id)).toBe(2);
    expect((await report(student)).json).toEqual(reported.json);
    expect(await refusal(tutor)).toEqual([409, 'NO_SHOW_ALREADY_REPORTED', C.alreadyReported]);
    const stored = await suite.app.database.db
      .selectFrom('lessons')
      .select(['no_show_party', 'no_show_reported_by'])
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ no_show_party: 'tutor', no_show_reported_by: student.id });
    const notice = await suite.app.inbox.waitFor(tutor.email, { afterCount: tutorMail });
    expect(notice.subject).toMatch(/^No-show reported: /);
  });

  it('tells anyone but the two parties that the lesson does not exist, and refuses bad input', async () => {
    const { tutor, student } = await parties();
    const lessonId = await createPaidLesson(suite.app.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() + 3 * DAY),
      priceCents: 0,
      isTrial: true,
    });
    const stranger = await createStudent(suite.app);
    const params = { id: lessonId };
    expect((await stranger.client.callError(getCancellationQuote, { params })).status).toBe(404);
    expect((await cancel(stranger, lessonId)).status).toBe(404);
    expect((await stranger.client.callError(reportNoShow, { params })).status).toBe(404);
    expect((await cancel(student, 'not-a-lesson')).status).toBe(404);
    expect(
      (await new TestClient(suite.app.url).post(`/api/lessons/${lessonId}/cancel`, {})).status,
    ).toBe(401);
    const tooLong = await cancel(student, lessonId, 'x'.repeat(501));
    expect(tooLong.status).toBe(400);
    expect((await cancel(student, lessonId, 42 as unknown as string)).status).toBe(400);
    // Nothing changed; a free trial can always be canceled.
    expect(await quote(student, lessonId)).toMatchObject({
      settlement: 'nothing',
      message: C.trialFree,
      canCancel: true,
    });
    clock.set(new Date(NOW.getTime() + 3 * DAY - HOUR));
    expect((await cancel(student, lessonId)).json.cancellation.settlement).toBe('nothing');
  });
});
