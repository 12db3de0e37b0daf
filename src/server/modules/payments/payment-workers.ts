import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { fulfilCheckout, giveUp } from './fulfil-checkout';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { sendRefundEmail } from '../lessons/lesson-booked-notice';
import { recordRefundGiven } from '../ledger/money-events';
import { notify } from '../notifications/notify';
import type { PaymentsContext } from './payments-context';
import { purchaseLessonOf } from '../lessons/lessons.repository';
import * as repository from './payments.repository';

// What happens to a booking later, as jobs (payments.jobs.ts): a hold's end, an automatic
// refund. Each handler is safe to run twice (a job may be retried after a crash).

/**
 * A hold's end: an unpaid payment expires and its lesson lets go of the time (the booking
 * transaction would do that anyway when someone wants the slot; this tidies up and closes the
 * provider's session so it can no longer be paid). If the student paid at the last moment, the
 * provider's session says so and it is settled instead.
 */
export async function expireHold(ctx: PaymentsContext, paymentId: string) {
  const payment = await repository.findPayment(ctx.db, paymentId);
  if (!payment || payment.status !== 'pending') return;
  // A job may run early by this clock (tests fix the clock): nothing lapses before its time.
  if (payment.hold_expires_at > ctx.clock.now()) return;
  if (payment.provider_session_id) {
    await ctx.paymentProvider.expireSession(payment.provider_session_id);
    const session = await ctx.paymentProvider.retrieveSession(payment.provider_session_id);
    if (session.paymentStatus === 'paid' || session.status === 'complete') {
      await fulfilCheckout(ctx, session);
      return;
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repository.lockPayment(trx, paymentId);
    if (locked?.status === 'pending') await giveUp(trx, paymentId, 'expired', ctx.clock.now());
  });
}

/** Gives the money back for a payment whose slot was taken, then tells the student. */
export async function refundSlotTaken(ctx: PaymentsContext, paymentId: string) {
  const payment = await repository.findPayment(ctx.db, paymentId);
  if (!payment || payment.refund_reason !== 'slot_taken' || payment.status !== 'completed') return;
  if (!payment.provider_payment_intent_id)
    throw new PaymentProviderError(`payment ${paymentId} has no payment intent to refund`);
  // The same key on a retry: the provider refunds once.
  await ctx.paymentProvider.refund({
    paymentIntentId: payment.provider_payment_intent_id,
    amountCents: payment.amount_cents,
    idempotencyKey: `refund-${paymentId}`,
  });
  const now = ctx.clock.now();
  const lesson = await purchaseLessonOf(ctx.db, paymentId);
  await ctx.db.transaction().execute(async (trx) => {
    // Locked: a second run of this job waits here, then finds the refund recorded.
    const locked = await repository.lockPayment(trx, paymentId);
    if (locked?.status !== 'completed') return;
    await recordRefundGiven(
      trx,
      { paymentId, amountCents: payment.amount_cents, key: `refund-${paymentId}` },
      now,
    );
    await repository.updatePayment(trx, paymentId, {
      status: 'refunded',
      refundedCents: payment.amount_cents,
      refundedAt: now,
      now,
    });
    await repository.setStudentPackageStatus(trx, paymentId, 'refunded');
    await notify(trx, {
      userId: payment.student_id,
      kind: 'refund_issued',
      at: now,
      paymentId,
      refund: { amountCents: payment.amount_cents, currency: payment.currency },
      ...(lesson && { lessonId: lesson.id }),
    });
  });
  if (lesson)
    await sendRefundEmail(ctx, lesson.id, {
      amountCents: payment.amount_cents,
      reason: P.slotTakenReason,
    });
}
