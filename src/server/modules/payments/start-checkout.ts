import type { z } from 'zod';
import type { startCheckoutSchema } from '../../../contracts/payments.contract';
import { perLessonCents } from '../../../domain/booking/packages';
import { singleLessonPriceCents } from '../../../domain/booking/pricing';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { transactionRetriedOnce } from '../../db/retry-on-conflict';
import { AppError } from '../../errors';
import { placeLesson, releasePurchase } from '../lessons/lesson-lifecycle';
import { tutorTeaching } from '../lessons/slot-rules';
import { packageOfferById } from '../packages/package-offers';
import { PAYMENT_JOBS } from './payments.jobs';
import { toPaymentView } from './payment-view';
import type { PaymentsContext } from './payments-context';
import * as repository from './payments.repository';

// Starting a paid booking: the server prices it, holds the slot (the lesson is created
// *awaiting payment*, so the exclusion constraints keep everyone else off it), records a
// pending payment and opens the provider's hosted checkout. The hold lapses by itself after
// PAYMENT_HOLD_MINUTES; a job also closes the provider's session then.

const MS_PER_MINUTE = 60_000;

/** Where the provider sends the browser back: our success and cancel pages. */
export function returnUrls(publicUrl: string, paymentId: string) {
  const base = publicUrl.replace(/\/$/, '');
  return {
    // {CHECKOUT_SESSION_ID} is filled in by the provider (Stripe's placeholder; ours too).
    successUrl: `${base}/payment/success?session_id={CHECKOUT_SESSION_ID}&payment_id=${paymentId}`,
    cancelUrl: `${base}/payment/cancel?payment_id=${paymentId}`,
  };
}

export async function startCheckout(
  ctx: PaymentsContext,
  studentId: string,
  input: z.output<typeof startCheckoutSchema>,
) {
  const tutor = await tutorTeaching(ctx, input.tutorProfileId, input.subjectId);
  const offer =
    input.mode === 'package'
      ? await packageOfferById(ctx.db, tutor, input.packageId, {
          subjectId: input.subjectId,
          lessonMinutes: input.lessonMinutes,
        })
      : undefined;
  if (input.mode === 'package' && !offer) throw new AppError('NOT_FOUND', P.packageNotFound);

  const singleCents = singleLessonPriceCents(tutor.hourly_rate_cents, input.lessonMinutes);
  const lessonWords = `${input.lessonMinutes}-minute ${tutor.subject_name} lesson`;
  const purchase = offer
    ? {
        kind: 'package' as const,
        amountCents: offer.totalPriceCents,
        lessonCents: perLessonCents(offer.totalPriceCents, offer.numberOfLessons),
        description: `${offer.name}: ${offer.numberOfLessons} × ${lessonWords}s with ${tutor.tutor_name}`,
      }
    : {
        kind: 'single' as const,
        amountCents: singleCents,
        lessonCents: singleCents,
        description: `${lessonWords} with ${tutor.tutor_name}`,
      };
  const now = ctx.clock.now();
  const holdExpiresAt = new Date(now.getTime() + ctx.env.PAYMENT_HOLD_MINUTES * MS_PER_MINUTE);

  // Racing students can deadlock on the slot's exclusion checks (seen in bench:booking's race of
  // 200): the aborted one runs again once and then gets the slot's 409, not a 500.
  const paymentId = await transactionRetriedOnce(ctx.db, async (trx) => {
    const id = await repository.insertPayment(trx, {
      studentId,
      tutorProfileId: tutor.id,
      kind: purchase.kind,
      description: purchase.description,
      amountCents: purchase.amountCents,
      currency: tutor.currency,
      provider: ctx.paymentProvider.name,
      holdExpiresAt,
      now,
    });
    const studentPackageId = offer
      ? await repository.insertStudentPackage(trx, {
          studentId,
          tutorProfileId: tutor.id,
          subjectId: input.subjectId,
          paymentId: id,
          platformPackageId: offer.platformPackageId,
          lessonPackageId: offer.lessonPackageId,
          name: offer.name,
          numberOfLessons: offer.numberOfLessons,
          lessonMinutes: input.lessonMinutes,
          validityDays: offer.validityDays,
        })
      : undefined;
    await placeLesson(trx, ctx, {
      way: 'hold',
      tutor,
      studentId,
      subjectId: input.subjectId,
      lessonMinutes: input.lessonMinutes,
      choice: input,
      notes: input.notes,
      holdExpiresAt,
      paymentId: id,
      studentPackageId,
      priceCents: purchase.lessonCents,
    });
    // Written with the hold: if this transaction commits, the hold's end is sure to be handled.
    await ctx.jobs.send(
      PAYMENT_JOBS.expireHold,
      { paymentId: id },
      { startAfter: holdExpiresAt },
      trx,
    );
    return id;
  });

  const checkout = await openProviderCheckout(ctx, paymentId, {
    amountCents: purchase.amountCents,
    currency: tutor.currency,
    description: purchase.description,
    holdExpiresAt,
  });
  // The tutor's name as read at the start: the view needs no second read of the payment.
  const payment = toPaymentView({ ...checkout.payment, tutor_name: tutor.tutor_name });
  return { payment, sessionId: checkout.sessionId, sessionUrl: checkout.url };
}

/**
 * Opens the provider's session for a held payment. If the provider fails, the hold is released
 * at once (the student sees 'Failed to create checkout session' and can try again).
 */
async function openProviderCheckout(
  ctx: PaymentsContext,
  paymentId: string,
  details: { amountCents: number; currency: string; description: string; holdExpiresAt: Date },
) {
  try {
    const checkout = await ctx.paymentProvider.createCheckout({
      paymentId,
      ...details,
      currency: details.currency.trim(),
      ...returnUrls(ctx.env.PUBLIC_URL, paymentId),
      idempotencyKey: `checkout-${paymentId}`,
    });
    const payment = await repository.setProviderSession(ctx.db, paymentId, checkout.sessionId);
    return { ...checkout, payment };
  } catch (error) {
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.clock.now();
      await releasePurchase(trx, paymentId, 'canceled', now);
      await repository.updatePayment(trx, paymentId, { status: 'canceled', now });
      await repository.setStudentPackageStatus(trx, paymentId, 'expired');
    });
    const failure = new AppError('PAYMENT_PROVIDER_FAILED', P.createSessionFailed);
    // Kept for the log: what the provider said.
    failure.cause = error;
    throw failure;
  }
}
