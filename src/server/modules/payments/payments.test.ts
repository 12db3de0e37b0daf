import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../contracts/payments.contract';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { createStudent, createTutor, type TestStudent, type TestTutor } from '../../test/factories';
import {
  HOUR_SLOTS,
  MORNING_TEACHING,
  NOW,
  VIEWER_ZONE,
  viewerDate,
} from '../../test/tokyo-mornings';
import { PAYMENT_SETUPS, paymentSuite } from '../../test/payment-harness';
import { expireHold } from './payment-workers';
import { PAYMENT_JOBS } from './payments.jobs';
import { LESSON_JOBS } from '../lessons/lessons.jobs';
import { getSlots } from '../../../contracts/booking.contract';
import { getMyPackagesWithTutor } from '../../../contracts/packages.contract';
import { cancelCheckout } from '../../../contracts/payments.contract';

// Paid bookings end to end through the HTTP API, on each provider (the built-in checkout and
// Stripe against its local fake) and each database: the slot is held while the student pays,
// the provider's signed webhook (or the success page) settles it exactly once, a lapsed hold
// frees the slot, and a payment that comes too late is refunded by itself.

const [FIRST_SLOT, SECOND_SLOT] = HOUR_SLOTS;
const MINUTE = 60_000;
const DAY = 86_400_000;
const RATE_CENTS = 4000;

describe.each(PAYMENT_SETUPS)('paid bookings with %s checkout on %s', (_name, driver, harness) => {
  const suite = paymentSuite(driver, harness);
  const { clock } = suite;

  const newTutor = () =>
    createTutor(suite.app.database.db, { ...MORNING_TEACHING, rateCents: RATE_CENTS });

  const checkout = (
    student: TestStudent,
    tutor: TestTutor,
    overrides: Record<string, unknown> = {},
  ) =>
    student.client.post('/api/checkout', {
      mode: 'single',
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      bookingDate: viewerDate(3),
      slotLabel: FIRST_SLOT,
      viewerZone: VIEWER_ZONE,
      lessonMinutes: 50,
      ...overrides,
    });

  const startedCheckout = async (student: TestStudent, tutor: TestTutor, overrides = {}) => {
    const response = await checkout(student, tutor, overrides);
    expect(response.status, response.text).toBe(201);
    return response.json as { payment: PaymentView; sessionId: string; sessionUrl: string };
  };

  /** Paid in time at the provider, but the news reaches us only after the hold lapsed. */
  const paidAfterHoldLapsed = async () => {
    const tutor = await newTutor();
    const [late, other] = [await createStudent(suite.app), await createStudent(suite.app)];
    const started = await startedCheckout(late, tutor);
    await suite.harness.pay(suite.app, started);
    clock.advance(15 * MINUTE);
    return { tutor, late, other, started };
  };

  const paymentRow = (id: string) =>
    suite.app.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const lessonsOfPayment = (id: string) =>
    suite.app.database.db.selectFrom('lessons').selectAll().where('payment_id', '=', id).execute();
  const confirm = (student: TestStudent, sessionId: string) =>
    student.client.post(`/api/checkout/sessions/${sessionId}/confirm`);
  const slotLabels = async (student: TestStudent, tutor: TestTutor) => {
    const response = await student.client.call(getSlots, {
      params: { id: tutor.id },
      query: { fromDate: viewerDate(3), days: '1', viewerZone: VIEWER_ZONE },
    });
    return (response.days[0]!.slots as { slotLabel: string }[]).map((s) => s.slotLabel);
  };
  const deliver = (event: { body: string; headers: Record<string, string> }) =>
    fetch(`${suite.app.url}/api/payments/webhooks/${harness.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...event.headers },
      body: event.body,
    });
  /** Jobs of a queue written so far about one payment or lesson (`key`: paymentId, lessonId). */
  const jobsOf = async (queue: string, id: string, key = 'paymentId') =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = ${queue} and data->>${key} = ${id}`.execute(suite.app.database.db)
    ).rows[0]!.n;

  it('holds the slot while the student pays, priced by the server', async () => {
    const tutor = await newTutor();
    const [student, other] = [await createStudent(suite.app), await createStudent(suite.app)];
    const started = await startedCheckout(student, tutor, { priceCents: 1 });
    // $40 an hour x 50 minutes, whatever the browser sends.
    expect(started.payment).toMatchObject({
      kind: 'single',
      status: 'pending',
      amountCents: 3333,
      currency: 'USD',
    });
    expect(new Date(started.payment.holdExpiresAt).getTime()).toBe(NOW.getTime() + 15 * MINUTE);
    const [lesson] = await lessonsOfPayment(started.payment.id);
    expect(lesson).toMatchObject({ status: 'awaiting_payment', price_cents: 3333 });
    expect(await slotLabels(other, tutor)).not.toContain(FIRST_SLOT);
    const taken = await checkout(other, tutor);
    expect(taken.status).toBe(409);
  });

  it('settles once: ten webhook deliveries at once and a success-page reload give one lesson, one email each', async () => {
    const tutor = await newTutor();
    const student = await createStudent(suite.app);
    const started = await startedCheckout(student, tutor);
    await suite.harness.pay(suite.app, started);
    const event = await suite.harness.completedEvent(suite.app, started);
    const [deliveries, reload] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => deliver(event))),
      confirm(student, started.sessionId),
    ]);
    expect(deliveries.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(reload.status, reload.text).toBe(200);
    expect(reload.json.outcome).toBe('booked');
    const again = await confirm(student, started.sessionId);
    expect(again.json).toMatchObject({ outcome: 'booked', payment: { status: 'completed' } });
    expect(again.json.lesson).toMatchObject({ status: 'scheduled', priceCents: 3333 });

    const lessons = await lessonsOfPayment(started.payment.id);
    expect(lessons.map((l) => l.status)).toEqual(['scheduled']);
    const payment = await paymentRow(started.payment.id);
    expect(payment.status).toBe('completed');
    expect(payment.provider_payment_intent_id).toBeTruthy();
    // The card for the receipt, whichever settled it: a Stripe event carries none, and the
    // success page's read of the session fills it in.
    expect(payment.card_last4).toBe('4242');
    expect(await jobsOf(LESSON_JOBS.booked.name, lessons[0]!.id, 'lessonId')).toBe(1);
    const mail = await suite.app.inbox.waitFor(student.email, { afterCount: signUpMails });
    expect(mail.attachments.map((a) => a.filename)).toEqual(['lesson.ics']);
    const tutorEmail = await suite.app.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', tutor.userId)
      .executeTakeFirstOrThrow();
    await suite.app.inbox.waitFor(tutorEmail.email);
    expect(suite.app.inbox.countTo(student.email)).toBe(1 + signUpMails);
  });

  it('refuses a webhook with a bad signature or an old timestamp, and nothing changes', async () => {
    const tutor = await newTutor();
    const student = await createStudent(suite.app);
    const started = await startedCheckout(student, tutor);
    await suite.harness.pay(suite.app, started);
    const event = await suite.harness.completedEvent(suite.app, started);
    const tampered = await deliver({
      ...event,
      body: event.body.replace('complete', 'COMPLETE'),
    });
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).error.message).toBe(P.webhookSignatureInvalid);
    const old = await suite.harness.completedEvent(
      suite.app,
      started,
      new Date(NOW.getTime() - 6 * MINUTE),
    );
    expect((await deliver(old)).status).toBe(400);
    expect((await paymentRow(started.payment.id)).status).toBe('pending');
    expect((await lessonsOfPayment(started.payment.id))[0]!.status).toBe('awaiting_payment');
  });

  it("acknowledges a signed event about someone else's session, records it as ignored, and changes nothing", async () => {
    const tutor = await newTutor();
    const student = await createStudent(suite.app);
    const started = await startedCheckout(student, tutor);
    await suite.harness.pay(suite.app, started);
    // Another app's reference, a forged id, and our own payment's id on a session not ours.
    for (const reference of ['order_123', 'abc', started.payment.id]) {
      const event = suite.harness.foreignEvent(suite.app, reference);
      const first = await deliver(event);
      expect(first.status, await first.text()).toBe(200);
      expect((await deliver(event)).status).toBe(200);
      const recorded = await suite.app.database.db
        .selectFrom('payment_events')
        .selectAll()
        .where('event_id', '=', event.id)
        .execute();
      expect(recorded).toMatchObject([{ provider: harness.name, payment_id: null }]);
    }
    expect((await paymentRow(started.payment.id)).status).toBe('pending');
    expect((await lessonsOfPayment(started.payment.id))[0]!.status).toBe('awaiting_payment');
  });

  it('frees the slot when the hold lapses, and refunds a payment that arrives after someone else booked it', async () => {
    const { tutor, late, other, started } = await paidAfterHoldLapsed();
    expect(await slotLabels(other, tutor)).toContain(FIRST_SLOT);
    const second = await startedCheckout(other, tutor);
    await suite.harness.pay(suite.app, second);
    expect((await confirm(other, second.sessionId)).json.outcome).toBe('booked');

    const settled = await confirm(late, started.sessionId);
    expect(settled.json.outcome).toBe('refunded');
    // The refund job: polled every half second, then a row, a provider call, a transaction.
    await expect
      .poll(async () => (await paymentRow(started.payment.id)).status, { timeout: 10_000 })
      .toBe('refunded');
    const payment = await paymentRow(started.payment.id);
    expect(payment).toMatchObject({ refund_reason: 'slot_taken', refunded_cents: 3333 });
    expect(await suite.harness.refundedCents(suite.app, started)).toBe(3333);
    const notice = await suite.app.inbox.waitFor(late.email, { afterCount: signUpMails });
    expect(notice.text).toContain(P.slotTakenReason);
    expect((await lessonsOfPayment(started.payment.id))[0]!.status).toBe('expired');
  });

  it("expires an unpaid hold by its job: the payment and lesson expire, the provider's session closes", async () => {
    const tutor = await newTutor();
    const student = await createStudent(suite.app);
    const started = await startedCheckout(student, tutor);
    // The job was written with the hold, to run when it ends.
    expect(await jobsOf(PAYMENT_JOBS.expireHold.name, started.payment.id)).toBe(1);
    const ctx = suite.app.app.deps;
    await expireHold(ctx, started.payment.id);
    expect((await paymentRow(started.payment.id)).status).toBe('pending');
    clock.advance(15 * MINUTE);
    await expireHold(ctx, started.payment.id);
    expect((await paymentRow(started.payment.id)).status).toBe('expired');
    expect((await lessonsOfPayment(started.payment.id))[0]!.status).toBe('expired');
    expect((await ctx.paymentProvider.retrieveSession(started.sessionId)).status).toBe('expired');
    const settled = await confirm(student, started.sessionId);
    expect(settled.json).toMatchObject({ outcome: 'unpaid', payment: { status: 'expired' } });
  });

  it('books a late payment whose slot is still free', async () => {
    const tutor = await newTutor();
    const student = await createStudent(suite.app);
    const started = await startedCheckout(student, tutor);
    await suite.harness.pay(suite.app, started);
    clock.advance(20 * MINUTE);
    expect((await confirm(student, started.sessionId)).json.outcome).toBe('booked');
    expect((await lessonsOfPayment(started.payment.id))[0]!.status).toBe('scheduled');
  });

  it('books a late payment whose lapsed hold another checkout expired and then let go', async () => {
    const { tutor, late, other, started } = await paidAfterHoldLapsed();
    // The other student's checkout expires the lapsed hold; canceled, it frees the slot again.
    const second = await startedCheckout(other, tutor);
    expect((await lessonsOfPayment(started.payment.id))[0]!.status).toBe('expired');
    await other.client.call(cancelCheckout, { params: { id: second.payment.id } });
    expect((await confirm(late, started.sessionId)).json.outcome).toBe('booked');
    expect((await lessonsOfPayment(started.payment.id))[0]!.status).toBe('scheduled');
  });

  it('cancels from the cancel page: the slot is free again at once', async () => {
    const tutor = await newTutor();
    const [student, other] = [await createStudent(suite.app), await createStudent(suite.app)];
    const started = await startedCheckout(student, tutor);
    const canceled = await student.client.call(cancelCheckout, {
      params: { id: started.payment.id },
    });
    expect(canceled.payment.status).toBe('canceled');
    expect(await slotLabels(other, tutor)).toContain(FIRST_SLOT);
    // Another student's payment is not theirs to see or cancel.
    expect((await other.client.post(`/api/payments/${started.payment.id}/cancel`)).status).toBe(
      404,
    );
    expect((await confirm(other, started.sessionId)).status).toBe(404);
  });

  it('sells a package: the first lesson is booked with it, the rest are credits', async () => {
    const tutor = await newTutor();
    const student = await createStudent(suite.app);
    const started = await startedCheckout(student, tutor, {
      mode: 'package',
      packageId: 'platform_1',
      slotLabel: SECOND_SLOT,
    });
    // Five 50-minute lessons at $33.33, 5 % off.
    expect(started.payment).toMatchObject({ kind: 'package', amountCents: 15832 });
    await suite.harness.pay(suite.app, started);
    expect((await confirm(student, started.sessionId)).json.outcome).toBe('booked');
    const mine = await student.client.call(getMyPackagesWithTutor, { params: { id: tutor.id } });
    expect(mine.packages).toEqual([
      expect.objectContaining({ numberOfLessons: 5, lessonsLeft: 4, status: 'active' }),
    ]);
    expect(new Date(mine.packages[0]!.expiresAt!).getTime()).toBe(NOW.getTime() + 60 * DAY);
  });

  it('answers 502 with the spec message when the provider cannot open a session, and keeps no hold', async () => {
    if (!suite.harness.breakProvider) return;
    const tutor = await newTutor();
    const [student, other] = [await createStudent(suite.app), await createStudent(suite.app)];
    const restore = await suite.harness.breakProvider();
    const failed = await checkout(student, tutor);
    await restore();
    expect(failed.status).toBe(502);
    expect(failed.json.error.message).toBe(P.createSessionFailed);
    expect(await slotLabels(other, tutor)).toContain(FIRST_SLOT);
  });
});

/** The sign-up code mail each new student receives before anything else. */
const signUpMails = 1;
