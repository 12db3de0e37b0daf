import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/types';
import { giveRefund } from '../modules/payments/refunds';
import { createSignedInTutor, createStudent } from './factories';
import { paidSingleLesson, type PaymentHarness } from './payment-harness';
import type { TestApp } from './test-app';
import { MORNING_TEACHING } from './tokyo-mornings';

// Money as reconciliation reads it: a lesson paid through the app's payment provider and part
// of it refunded through the same provider, as a cancelation does; a payout the provider paid.

type Pay = Awaited<ReturnType<PaymentHarness['start']>>['pay'];

/**
 * A new student pays a new tutor for a lesson (`pay` plays the card at the provider), and
 * `refundCents` of it go back (0: nothing). Answers the payment, its intent and its student.
 */
export async function paidLessonRefunded(t: TestApp, pay: Pay, refundCents: number) {
  const tutor = await createSignedInTutor(t, { ...MORNING_TEACHING, rateCents: 4000 });
  const student = await createStudent(t);
  const paid = await paidSingleLesson(t, pay, student, tutor);
  if (refundCents > 0)
    await giveRefund(t.app.deps, {
      paymentId: paid.payment.id,
      amountCents: refundCents,
      reason: 'lesson_canceled',
      key: `test-refund-${paid.lessonId}`,
      lessonId: paid.lessonId,
    });
  const row = await t.database.db
    .selectFrom('payments as p')
    .innerJoin('users as u', 'u.id', 'p.student_id')
    .select(['p.provider_payment_intent_id', 'u.full_name'])
    .where('p.id', '=', paid.payment.id)
    .executeTakeFirstOrThrow();
  return {
    ...paid,
    tutor,
    student,
    studentId: student.id,
    studentName: row.full_name,
    intentId: row.provider_payment_intent_id!,
  };
}

/** Waits until the provider's webhook has marked the payout paid (up to 15 s). */
export async function payoutPaid(db: Kysely<DB>, payoutId: string) {
  const status = async () =>
    (
      await db
        .selectFrom('payouts')
        .select('status')
        .where('id', '=', payoutId)
        .executeTakeFirstOrThrow()
    ).status;
  await expect.poll(status, { timeout: 15_000 }).toBe('paid');
}
