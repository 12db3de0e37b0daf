import { describe, expect, it } from 'vitest';
import { receiptNumber } from '../../../domain/payments/payment-rules';
import { createAdmin } from '../../test/admin-fixtures';
import { createSignedInTutor, createStudent } from '../../test/factories';
import {
  openSingleCheckout,
  PAYMENT_SETUPS,
  paidSingleLesson,
  paymentSuite,
} from '../../test/payment-harness';
import { createBoughtPackage } from '../../test/purchase-fixtures';
import { MORNING_TEACHING } from '../../test/tokyo-mornings';
import { giveRefund } from '../payments/refunds';

// A payment's receipt through the HTTP API, on each provider and each database: the payer reads
// what they bought, with the card the provider reported, and every refund against it with the
// net; an admin may read it too; anyone else, and an unpaid checkout, get 404.

describe.each(PAYMENT_SETUPS)('receipts with %s checkout on %s', (provider, driver, harness) => {
  const suite = paymentSuite(driver, harness);

  async function paidLesson() {
    const tutor = await createSignedInTutor(suite.app, { ...MORNING_TEACHING, rateCents: 4000 });
    const student = await createStudent(suite.app, { firstName: 'Mia', lastName: 'Chen' });
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    return { tutor, student, paid };
  }

  it('shows the payer what they bought, paid with and got back; nobody else', async () => {
    const { tutor, student, paid } = await paidLesson();
    const url = `/api/payments/${paid.payment.id}/receipt`;
    const { timezone } = await suite.app.database.db
      .selectFrom('users')
      .select('timezone')
      .where('email', '=', student.email)
      .executeTakeFirstOrThrow();

    const response = await student.client.get(url);
    expect(response.status, response.text).toBe(200);
    expect(response.json.receipt).toEqual({
      paymentId: paid.payment.id,
      receiptNumber: receiptNumber(paid.payment.id),
      paidAt: suite.clock.now().toISOString(),
      student: { name: 'Mia Chen', email: student.email },
      timeZone: timezone ?? 'UTC',
      item: {
        kind: 'single',
        description: expect.any(String),
        tutorName: expect.any(String),
        subject: tutor.subjects[0]!.name,
        lessonMinutes: 50,
        startsAt: paid.lesson.starts_at.toISOString(),
        endsAt: paid.lesson.ends_at.toISOString(),
      },
      amountCents: paid.amountCents,
      currency: 'USD',
      card: { brand: provider === 'stripe' ? 'visa' : null, last4: '4242' },
      refunds: [],
      netCents: paid.amountCents,
    });
    expect(response.json.receipt.receiptNumber).toMatch(/^R-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);

    const admin = await createAdmin(suite.app);
    expect((await admin.client.get(url)).json.receipt.paymentId).toBe(paid.payment.id);
    const other = await createStudent(suite.app);
    for (const stranger of [other, tutor]) {
      const refused = await stranger.client.get(url);
      expect(refused.status).toBe(404);
      expect(refused.json.error.code).toBe('NOT_FOUND');
    }
    expect((await student.client.get('/api/payments/not-a-payment/receipt')).status).toBe(404);

    // A partial refund confirmed by the provider shows with its date, and the net drops.
    suite.clock.advance(86_400_000);
    await giveRefund(suite.app.app.deps, {
      paymentId: paid.payment.id,
      amountCents: 1500,
      reason: 'lesson_canceled',
      key: `receipt-test-${paid.lessonId}`,
      lessonId: paid.lessonId,
    });
    const refunded = await student.client.get(url);
    expect(refunded.json.receipt.refunds).toEqual([
      { refundedAt: suite.clock.now().toISOString(), amountCents: 1500 },
    ]);
    expect(refunded.json.receipt.netCents).toBe(paid.amountCents - 1500);
  });

  it('has no receipt for a checkout never paid, and shows a package with its lessons', async () => {
    const tutor = await createSignedInTutor(suite.app, { ...MORNING_TEACHING, rateCents: 4000 });
    const student = await createStudent(suite.app);
    const open = await openSingleCheckout(student, tutor);
    expect((await student.client.get(`/api/payments/${open.payment.id}/receipt`)).status).toBe(404);

    const bought = await createBoughtPackage(suite.app.database.db, {
      studentId: (
        await suite.app.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', student.email)
          .executeTakeFirstOrThrow()
      ).id,
      tutor,
      lessons: 5,
      amountCents: 19000,
      boughtAt: suite.clock.now(),
    });
    const response = await student.client.get(`/api/payments/${bought.paymentId}/receipt`);
    expect(response.status, response.text).toBe(200);
    expect(response.json.receipt).toMatchObject({
      item: {
        kind: 'package',
        packageName: 'Starter',
        numberOfLessons: 5,
        lessonMinutes: 50,
        subject: tutor.subjects[0]!.name,
      },
      amountCents: 19000,
      card: null,
      netCents: 19000,
    });
  });
});
