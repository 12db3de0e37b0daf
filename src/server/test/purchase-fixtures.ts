import type { Kysely } from 'kysely';
import type { LessonStatus } from '../../domain/booking/booking-rules';
import type { PaymentStatus, StudentPackageStatus } from '../../domain/payments/payment-rules';
import { MS_PER_DAY, MS_PER_MINUTE } from '../../domain/scheduling/local-date';
import type { DB } from '../db/types';
import { createLesson } from './factories';

// Test data for what checkout and fulfilment leave behind (a payment, a package bought with it,
// the lessons it paid for), stored straight in the database: the packages, Billing and Earnings
// tests read them, they do not test how they got there.

type Db = Kysely<DB>;

export interface PaymentOptions {
  studentId: string;
  tutorProfileId: string;
  kind?: 'single' | 'package';
  amountCents: number;
  status?: PaymentStatus;
  createdAt: Date;
  receiptUrl?: string;
  refundedCents?: number;
}

/** A payment as fulfilment leaves it: completed (at its creation) unless told otherwise. */
export async function createPayment(db: Db, payment: PaymentOptions): Promise<string> {
  const status = payment.status ?? 'completed';
  const paid = status !== 'pending' && status !== 'canceled' && status !== 'expired';
  const { id } = await db
    .insertInto('payments')
    .values({
      student_id: payment.studentId,
      tutor_profile_id: payment.tutorProfileId,
      kind: payment.kind ?? 'single',
      description: payment.kind === 'package' ? 'Lesson package' : 'One lesson',
      amount_cents: payment.amountCents,
      currency: 'USD',
      status,
      provider: 'local',
      receipt_url: payment.receiptUrl ?? null,
      refunded_cents: payment.refundedCents ?? 0,
      hold_expires_at: new Date(payment.createdAt.getTime() + 15 * MS_PER_MINUTE),
      created_at: payment.createdAt,
      updated_at: payment.createdAt,
      completed_at: paid ? payment.createdAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface BoughtPackageOptions {
  studentId: string;
  tutor: { id: string; subjectId: number };
  lessons: number;
  lessonMinutes?: 25 | 50 | 100;
  amountCents: number;
  boughtAt: Date;
  validityDays?: number;
  status?: StudentPackageStatus;
  paymentStatus?: PaymentStatus;
}

/**
 * A package bought from the platform's Starter offer, paid for at `boughtAt` and valid
 * `validityDays` from then (an awaiting-payment one has no expiry yet).
 */
export async function createBoughtPackage(db: Db, bought: BoughtPackageOptions) {
  const status = bought.status ?? 'active';
  const validityDays = bought.validityDays ?? 60;
  const paymentId = await createPayment(db, {
    studentId: bought.studentId,
    tutorProfileId: bought.tutor.id,
    kind: 'package',
    amountCents: bought.amountCents,
    status: bought.paymentStatus ?? (status === 'awaiting_payment' ? 'pending' : 'completed'),
    createdAt: bought.boughtAt,
  });
  const starter = await db
    .selectFrom('platform_packages')
    .select('id')
    .where('name', '=', 'Starter')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('student_packages')
    .values({
      student_id: bought.studentId,
      tutor_profile_id: bought.tutor.id,
      subject_id: bought.tutor.subjectId,
      payment_id: paymentId,
      platform_package_id: starter.id,
      name: 'Starter',
      number_of_lessons: bought.lessons,
      lesson_minutes: bought.lessonMinutes ?? 50,
      validity_days: validityDays,
      status,
      expires_at:
        status === 'awaiting_payment'
          ? null
          : new Date(bought.boughtAt.getTime() + validityDays * MS_PER_DAY),
      created_at: bought.boughtAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, paymentId };
}

export interface PaidLessonOptions {
  tutor: { id: string; subjectId: number };
  studentId: string;
  start: Date;
  priceCents: number;
  status?: LessonStatus;
  isTrial?: boolean;
  paymentId?: string;
  studentPackageId?: string;
}

/** A 50-minute lesson (holding an hour) paid by a payment or a package, or a free trial. */
export function createPaidLesson(db: Db, lesson: PaidLessonOptions): Promise<string> {
  const awaitingPayment = lesson.status === 'awaiting_payment';
  return createLesson(db, {
    ...lesson,
    // A held lesson's hold lapsed a day before it starts.
    ...(awaitingPayment && { holdExpiresAt: new Date(lesson.start.getTime() - MS_PER_DAY) }),
  });
}
