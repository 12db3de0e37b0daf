import { describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { MORNING_TEACHING } from '../../test/tokyo-mornings';
import { PAYMENT_SETUPS, paidSingleLesson, paymentSuite } from '../../test/payment-harness';
import { giveRefund, type RefundJob } from './refunds';

// Refunds pending-row-first (ADR 028), on each provider and each database: the refund row is
// written before the provider is called, with its id as the provider's idempotency key and as
// the refund's reference. A process that dies between the row and the call, or after the
// provider refunded but before its answer was recorded, is retried into exactly one refund,
// even 25 hours later, when Stripe (and its fake) have forgotten the idempotency key.

const HOUR = 3_600_000;

describe.each(PAYMENT_SETUPS)('refunds with %s checkout on %s', (_name, driver, harness) => {
  const suite = paymentSuite(driver, harness);
  const { clock } = suite;

  /** A paid lesson and the refund job a cancel of it would queue. */
  async function paidLessonToRefund() {
    const tutor = await createSignedInTutor(suite.app, { ...MORNING_TEACHING, rateCents: 4000 });
    const student = await createStudent(suite.app);
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    const job: RefundJob = {
      paymentId: paid.payment.id,
      amountCents: paid.amountCents,
      reason: 'lesson_canceled',
      key: `test-cancel-${paid.lessonId}`,
      lessonId: paid.lessonId,
    };
    return { paid, job };
  }

  /** The app's refund context with another provider (one that fails as a crash would). */
  const withProvider = (paymentProvider: PaymentProvider) => ({
    db: suite.app.database.db,
    jobs: suite.app.app.deps.jobs,
    clock,
    paymentProvider,
  });
  const provider = () => suite.app.app.deps.paymentProvider;

  const refundRows = (paymentId: string) =>
    suite.app.database.db
      .selectFrom('payment_refunds')
      .select(['id', 'status', 'amount_cents', 'provider_refund_id'])
      .where('payment_id', '=', paymentId)
      .execute();
  const ledgerRefunds = (paymentId: string) =>
    suite.app.database.db
      .selectFrom('ledger_transactions')
      .select('event_key')
      .where('kind', '=', 'refund')
      .where('payment_id', '=', paymentId)
      .execute();
  const paymentOf = (id: string) =>
    suite.app.database.db
      .selectFrom('payments')
      .select(['status', 'refunded_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('dies between the refund row and the provider call: the retry refunds exactly once', async () => {
    const { paid, job } = await paidLessonToRefund();
    const real = provider();
    const killed: PaymentProvider = {
      ...real,
      refund: () => Promise.reject(new Error('process killed before the call')),
    };

    await expect(giveRefund(withProvider(killed), job)).rejects.toThrow('process killed');
    const [pending] = await refundRows(paid.payment.id);
    expect(pending).toMatchObject({
      status: 'pending',
      amount_cents: paid.amountCents,
      provider_refund_id: null,
    });
    expect(await suite.harness.refundedCents(suite.app, paid)).toBe(0);

    expect(await giveRefund(withProvider(real), job)).toBe(true);
    expect(await giveRefund(withProvider(real), job)).toBe(false);
    expect(await suite.harness.refundedCents(suite.app, paid)).toBe(paid.amountCents);
    const rows = await refundRows(paid.payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: pending!.id, status: 'succeeded' });
    expect(rows[0]!.provider_refund_id).toMatch(/^re_/);
    expect(await ledgerRefunds(paid.payment.id)).toHaveLength(1);
    expect(await paymentOf(paid.payment.id)).toEqual({
      status: 'refunded',
      refunded_cents: paid.amountCents,
    });
  });

  it('dies after the provider refunded; retried 25 h later, when the key is forgotten, it still refunds once', async () => {
    const { paid, job } = await paidLessonToRefund();
    const real = provider();
    const answerLost: PaymentProvider = {
      ...real,
      refund: async (request) => {
        await real.refund(request);
        throw new Error('process killed before the answer was recorded');
      },
    };

    await expect(giveRefund(withProvider(answerLost), job)).rejects.toThrow('process killed');
    expect(await suite.harness.refundedCents(suite.app, paid)).toBe(paid.amountCents);
    const [pending] = await refundRows(paid.payment.id);
    expect(pending!.status).toBe('pending');

    clock.advance(25 * HOUR);
    // The same call again: the built-in checkout still knows the key and answers the same
    // refund; Stripe (its fake) forgot it after 24 h and tries a second refund, refused here
    // only because nothing is left to refund (a partial refund would be paid twice).
    const { provider_payment_intent_id } = await suite.app.database.db
      .selectFrom('payments')
      .select('provider_payment_intent_id')
      .where('id', '=', paid.payment.id)
      .executeTakeFirstOrThrow();
    const sameCall = real.refund({
      paymentIntentId: provider_payment_intent_id!,
      amountCents: paid.amountCents,
      idempotencyKey: pending!.id,
      reference: pending!.id,
    });
    if (harness.name === 'stripe')
      await expect(sameCall).rejects.toThrow(/greater than unrefunded/);
    else expect((await sameCall).refundId).toMatch(/^re_/);

    expect(await giveRefund(withProvider(real), job)).toBe(true);
    expect(await suite.harness.refundedCents(suite.app, paid)).toBe(paid.amountCents);
    const rows = await refundRows(paid.payment.id);
    expect(rows).toEqual([expect.objectContaining({ id: pending!.id, status: 'succeeded' })]);
    expect(await ledgerRefunds(paid.payment.id)).toHaveLength(1);
    expect(await paymentOf(paid.payment.id)).toEqual({
      status: 'refunded',
      refunded_cents: paid.amountCents,
    });
  });
});
