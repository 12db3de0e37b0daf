import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { createStudent, createTutor, type FactoryTarget } from './factories';
import type { CheckoutRequest } from '../adapters/payments/payment-provider';

// Test data for the local provider's tests: a pending payment (the sessions' foreign key) made
// the way the payments module will make it, and the checkout request for it.

const MINUTE = 60_000;

export interface PaymentParties {
  studentId: string;
  tutorProfileId: string;
}

/** A student (signed up through the API) and a tutor, enough to own payments. */
export async function paymentParties(t: FactoryTarget): Promise<PaymentParties> {
  const student = await createStudent(t);
  const tutor = await createTutor(t.database.db);
  return { studentId: student.id, tutorProfileId: tutor.id };
}

/**
 * A pending $45 lesson payment whose slot is held 15 minutes from `now`, and the checkout
 * request for it, returning to the SPA's success and cancel pages at `appUrl`.
 */
export async function pendingCheckout(
  db: Kysely<DB>,
  parties: PaymentParties,
  { now, appUrl, ...overrides }: { now: Date; appUrl: string } & Partial<CheckoutRequest>,
): Promise<CheckoutRequest> {
  const amountCents = overrides.amountCents ?? 4500;
  const description = overrides.description ?? '50-minute Mathematics lesson with Tara Q.';
  const holdExpiresAt = overrides.holdExpiresAt ?? new Date(now.getTime() + 15 * MINUTE);
  const { id } = await db
    .insertInto('payments')
    .values({
      student_id: parties.studentId,
      tutor_profile_id: parties.tutorProfileId,
      kind: 'single',
      description,
      amount_cents: amountCents,
      currency: 'USD',
      provider: 'local',
      hold_expires_at: holdExpiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    paymentId: id,
    amountCents,
    currency: 'USD',
    description,
    successUrl: `${appUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}&payment_id=${id}`,
    cancelUrl: `${appUrl}/payment/cancel?payment_id=${id}`,
    holdExpiresAt,
    idempotencyKey: `checkout-${randomUUID()}`,
    ...overrides,
  };
}
