import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { lessonBookedEmails, refundEmail } from '../../adapters/mail/booking-emails';
import type { PaymentsContext } from './payments-context';
import * as repository from './payments.repository';

// Mail about a payment, sent by jobs that fulfilment writes in its own transaction: each is
// sent once per payment, whichever process or delivery settled it.

async function factsOf(ctx: PaymentsContext, paymentId: string) {
  const row = await repository.mailFactsOf(ctx.db, paymentId);
  if (!row) return undefined;
  return {
    row,
    facts: {
      publicUrl: ctx.env.PUBLIC_URL,
      lessonId: row.lesson_id,
      tutor: { name: row.tutor_name, email: row.tutor_email, timezone: row.tutor_timezone },
      student: {
        name: row.student_name,
        email: row.student_email,
        // The zone they booked in, when their account has none.
        timezone: row.student_timezone ?? row.lesson_timezone,
      },
      subject: row.subject,
      startsAt: row.starts_at,
      durationMinutes: row.duration_minutes,
      amountCents: row.amount_cents,
      currency: row.currency.trim(),
      isTrial: false,
      ...(row.package_name && {
        packageName: row.package_name,
        creditsLeft: (row.package_lessons ?? 1) - 1,
      }),
      sentAt: ctx.clock.now(),
    },
  };
}

/** The booking confirmation, to the student and to the tutor, each with the lesson's .ics. */
export async function sendBookingConfirmation(ctx: PaymentsContext, paymentId: string) {
  const found = await factsOf(ctx, paymentId);
  if (!found) return;
  for (const message of lessonBookedEmails(found.facts)) await ctx.mailer.send(message);
}

/** The refund notice to the student, once the provider has given the money back. */
export async function sendRefundNotice(ctx: PaymentsContext, paymentId: string) {
  const found = await factsOf(ctx, paymentId);
  if (!found) return;
  await ctx.mailer.send(
    refundEmail({
      ...found.facts,
      amountCents: found.row.refunded_cents,
      reason: P.slotTakenReason,
    }),
  );
}
