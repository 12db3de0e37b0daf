import type { CheckoutResult } from '../../../contracts/payments.contract';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { viewOfStored } from '../lessons/lesson-view';
import { fulfilCheckout, giveUp } from './fulfil-checkout';
import { paymentRows, toPaymentView } from './payment-view';
import type { PaymentsContext } from './payments-context';
import { purchaseLesson } from '../lessons/lesson-lifecycle';
import * as repository from './payments.repository';

// What the student's browser may ask about a payment: its state, to settle it from the
// success page (always from the provider's own record, never from what the browser says), and
// to cancel it from the cancel page. Only the payment's student sees it; others get not found.

/** The student's own payment as they see it, or 404. */
export async function paymentOfStudent(ctx: PaymentsContext, studentId: string, id: string) {
  const row = isUuid(id)
    ? await paymentRows(ctx.db).where('p.id', '=', id).executeTakeFirst()
    : undefined;
  if (!row || row.student_id !== studentId) throw new AppError('NOT_FOUND', P.paymentNotFound);
  return toPaymentView(row);
}

/**
 * The success page's call: asks the provider for the session, settles it (idempotent, the
 * same function as the webhook) and answers what happened with the payment and the lesson.
 */
export async function confirmCheckout(
  ctx: PaymentsContext,
  studentId: string,
  sessionId: string,
): Promise<CheckoutResult> {
  const payment = await repository.paymentOfSession(ctx.db, sessionId);
  if (!payment || payment.student_id !== studentId)
    throw new AppError('NOT_FOUND', P.checkoutSessionNotFound);
  let session;
  try {
    session = await ctx.paymentProvider.retrieveSession(sessionId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const failure = new AppError('PAYMENT_PROVIDER_FAILED', P.providerUnavailable);
    failure.cause = error;
    throw failure;
  }
  const settled = await fulfilCheckout(ctx, session);
  if (!settled) throw new AppError('NOT_FOUND', P.checkoutSessionNotFound);
  const lesson = await purchaseLesson(ctx.db, payment.id);
  return {
    outcome: settled.outcome,
    payment: await paymentOfStudent(ctx, studentId, payment.id),
    lesson:
      settled.outcome === 'booked' && lesson ? await viewOfStored(ctx, lesson.id, studentId) : null,
  };
}

/**
 * The cancel page's call: a pending payment is canceled and its slot released at once; the
 * provider's session is closed so it cannot be paid later. Anything already settled stays.
 */
export async function cancelCheckout(ctx: PaymentsContext, studentId: string, id: string) {
  await paymentOfStudent(ctx, studentId, id);
  const sessionId = await ctx.db.transaction().execute(async (trx) => {
    const payment = await repository.lockPayment(trx, id);
    if (payment?.status !== 'pending') return null;
    await giveUp(trx, id, 'canceled', ctx.clock.now());
    return payment.provider_session_id;
  });
  if (sessionId) {
    // Best effort: the payment is already canceled here; a session paid meanwhile in another
    // tab still reaches fulfilment by webhook, which books or refunds it.
    await ctx.paymentProvider.expireSession(sessionId).catch(() => undefined);
  }
  return paymentOfStudent(ctx, studentId, id);
}
