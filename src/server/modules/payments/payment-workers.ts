import { fulfilCheckout, giveUp } from './fulfil-checkout';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { sendRefundEmail } from '../lessons/lesson-booked-notice';
import type { PaymentsContext } from './payments-context';
import { purchaseLesson } from '../lessons/lesson-lifecycle';
import * as repository from './payments.repository';
import { giveRefund } from './refunds';

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
  const lesson = await purchaseLesson(ctx.db, paymentId);
  const recorded = await giveRefund(ctx, {
    paymentId,
    amountCents: payment.amount_cents,
    reason: 'slot_taken',
    key: `refund-${paymentId}`,
    endsPackage: true,
    ...(lesson && { lessonId: lesson.id }),
  });
  if (!recorded) return;
  if (lesson)
    await sendRefundEmail(ctx, lesson.id, {
      amountCents: payment.amount_cents,
      reason: P.slotTakenReason,
    });
}
