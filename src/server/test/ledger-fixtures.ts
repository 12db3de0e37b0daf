import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_COMMISSION_TIERS } from '../../domain/ledger/commission';
import type { DB } from '../db/types';
import { createLesson, createTutor } from './factories';
import { createPayment } from './purchase-fixtures';
import { post } from '../modules/ledger/ledger.repository';
import { recordPaymentReceived } from '../modules/ledger/money-events';

// Test data for the ledger's tests: a tutor, a student and a lesson paid through the ledger's
// own payment event (the checkout that leads there is the payments module's, tested there).

export async function insertStudent(db: Kysely<DB>) {
  const { id } = await db
    .insertInto('users')
    .values({
      email: `student.${randomUUID()}@example.com`,
      full_name: 'Sam Lee',
      first_name: 'Sam',
      last_name: 'Lee',
      role: 'student',
      is_email_verified: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A scheduled lesson of `priceCents` whose single payment completed at `paidAt`. */
export async function paidLesson(
  db: Kysely<DB>,
  parties: { tutor: { id: string; subjectId: number }; studentId: string },
  options: { priceCents: number; start: Date; paidAt: Date },
) {
  const paymentId = await createPayment(db, {
    studentId: parties.studentId,
    tutorProfileId: parties.tutor.id,
    amountCents: options.priceCents,
    createdAt: options.paidAt,
  });
  const lessonId = await createLesson(db, {
    tutor: parties.tutor,
    studentId: parties.studentId,
    start: options.start,
    priceCents: options.priceCents,
    paymentId,
  });
  await db
    .transaction()
    .execute((trx) =>
      recordPaymentReceived(trx, paymentId, options.paidAt, DEFAULT_COMMISSION_TIERS),
    );
  return { paymentId, lessonId };
}

export const newTutor = (db: Kysely<DB>) => createTutor(db);

/** Money a tutor can withdraw: an adjustment from the platform to their available balance. */
export async function creditAvailable(db: Kysely<DB>, tutorProfileId: string, cents: number) {
  await db.transaction().execute((trx) =>
    post(trx, {
      kind: 'adjustment',
      eventKey: `test-credit:${tutorProfileId}:${randomUUID()}`,
      currency: 'USD',
      legs: [
        { account: 'adjustments', cents },
        { account: 'tutor_available', cents: -cents },
      ],
      at: new Date('2030-01-01T00:00:00Z'),
      tutorProfileId,
    }),
  );
}
