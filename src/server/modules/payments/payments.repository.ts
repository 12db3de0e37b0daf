import { sql, type Kysely, type Transaction } from 'kysely';
import type { PaymentKind } from '../../../domain/payments/payment-rules';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import { isUuid } from '../../http/is-uuid';

// Every query of the payments module. Functions take the database or the open transaction first.

type Db = Kysely<DB> | Transaction<DB>;

export async function insertPayment(
  trx: Transaction<DB>,
  payment: {
    studentId: string;
    tutorProfileId: string;
    kind: PaymentKind;
    description: string;
    amountCents: number;
    currency: string;
    provider: 'local' | 'stripe';
    holdExpiresAt: Date;
    now: Date;
  },
): Promise<string> {
  const row = await trx
    .insertInto('payments')
    .values({
      student_id: payment.studentId,
      tutor_profile_id: payment.tutorProfileId,
      kind: payment.kind,
      description: payment.description,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      hold_expires_at: payment.holdExpiresAt,
      created_at: payment.now,
      updated_at: payment.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertStudentPackage(
  trx: Transaction<DB>,
  pack: {
    studentId: string;
    tutorProfileId: string;
    subjectId: number;
    paymentId: string;
    platformPackageId: number | null;
    lessonPackageId: string | null;
    name: string;
    numberOfLessons: number;
    lessonMinutes: number;
    validityDays: number;
  },
): Promise<string> {
  const row = await trx
    .insertInto('student_packages')
    .values({
      student_id: pack.studentId,
      tutor_profile_id: pack.tutorProfileId,
      subject_id: pack.subjectId,
      payment_id: pack.paymentId,
      platform_package_id: pack.platformPackageId,
      lesson_package_id: pack.lessonPackageId,
      name: pack.name,
      number_of_lessons: pack.numberOfLessons,
      lesson_minutes: pack.lessonMinutes,
      validity_days: pack.validityDays,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the provider's session; answers the payment as paymentRows does, but its tutor's name. */
export function setProviderSession(db: Db, paymentId: string, sessionId: string) {
  return db
    .updateTable('payments as p')
    .set({ provider_session_id: sessionId })
    .where('p.id', '=', paymentId)
    .returning(PAYMENT_VIEW_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function findPayment(db: Db, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The payment, locked until the transaction ends: settling it twice at once queues here. */
/** Locks one payment; undefined when there is none, also for an id that is no uuid at all. */
export async function lockPayment(trx: Transaction<DB>, id: string) {
  if (!isUuid(id)) return undefined;
  return trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
export type StoredPayment = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/**
 * Takes the lock a row referencing the payment's student and tutor users needs (FOR KEY SHARE,
 * as a foreign key check does), in id order, so it is taken before any lesson row (ADR 025).
 */
export async function lockParties(
  trx: Transaction<DB>,
  payment: Pick<StoredPayment, 'student_id' | 'tutor_profile_id'>,
) {
  await trx
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '=', payment.student_id),
        eb(
          'id',
          '=',
          eb
            .selectFrom('tutor_profiles')
            .select('user_id')
            .where('id', '=', payment.tutor_profile_id),
        ),
      ]),
    )
    .orderBy('id')
    .forKeyShare()
    .execute();
}

/**
 * Records a provider event; false when it was recorded before (a replay: do nothing). Two
 * deliveries at once: the second insert waits for the first to commit, then finds the key.
 */
export async function recordEvent(
  trx: Transaction<DB>,
  /** paymentId null: an event about a session that is not ours, recorded as ignored. */
  event: { provider: string; id: string; type: string; paymentId: string | null },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({
      provider: event.provider,
      event_id: event.id,
      type: event.type,
      payment_id: event.paymentId,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updatePayment(
  trx: Transaction<DB>,
  id: string,
  changes: {
    status?: StoredPayment['status'];
    completedAt?: Date;
    paymentIntentId?: string | null;
    receiptUrl?: string | null;
    card?: { brand: string | null; last4: string } | null;
    refundReason?: 'slot_taken';
    refundedCents?: number;
    refundedAt?: Date;
    now: Date;
  },
) {
  await trx
    .updateTable('payments')
    .set({
      ...(changes.status && { status: changes.status }),
      ...(changes.completedAt && { completed_at: changes.completedAt }),
      ...(changes.paymentIntentId && { provider_payment_intent_id: changes.paymentIntentId }),
      ...(changes.receiptUrl && { receipt_url: changes.receiptUrl }),
      ...(changes.card && { card_brand: changes.card.brand, card_last4: changes.card.last4 }),
      ...(changes.refundReason && { refund_reason: changes.refundReason }),
      ...(changes.refundedCents !== undefined && { refunded_cents: changes.refundedCents }),
      ...(changes.refundedAt && { refunded_at: changes.refundedAt }),
      updated_at: changes.now,
    })
    .where('id', '=', id)
    .execute();
}

/** A package bought with this payment starts counting its validity when the money arrives. */
export async function activateStudentPackage(trx: Transaction<DB>, paymentId: string, now: Date) {
  await trx
    .updateTable('student_packages')
    .set({
      status: 'active',
      expires_at: sql<Date>`${now}::timestamptz + make_interval(days => validity_days)`,
    })
    .where('payment_id', '=', paymentId)
    .execute();
}

export async function setStudentPackageStatus(
  trx: Transaction<DB>,
  paymentId: string,
  status: 'expired' | 'refunded',
) {
  await trx
    .updateTable('student_packages')
    .set({ status })
    .where('payment_id', '=', paymentId)
    .execute();
}

export function paymentOfSession(db: Db, sessionId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'student_id'])
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirst();
}

/** What a payment's view shows of its own row (paymentRows adds the tutor's name). */
const PAYMENT_VIEW_COLUMNS = [
  'p.id',
  'p.student_id',
  'p.kind',
  'p.status',
  'p.description',
  'p.amount_cents',
  'p.refunded_cents',
  'p.currency',
  'p.receipt_url',
  'p.refund_reason',
  'p.created_at',
  'p.completed_at',
  'p.hold_expires_at',
] as const;

/** Payments with their tutor's name, ready for toPaymentView. */
export function paymentRows(db: Db) {
  return db
    .selectFrom('payments as p')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'p.tutor_profile_id')
    .innerJoin('users as tu', 'tu.id', 'tp.user_id')
    .select([...PAYMENT_VIEW_COLUMNS, fullName('tu').as('tutor_name')]);
}

/** The refund row of this key (refunds.ts): pending until the provider confirmed it. */
export function refundByKey(db: Db, key: string) {
  return db
    .selectFrom('payment_refunds')
    .select(['id', 'status', 'amount_cents'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** What refunds of the payment written but not confirmed yet will give back. */
export async function pendingRefundCents(trx: Transaction<DB>, paymentId: string) {
  const row = await trx
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** Writes a refund, pending, before the provider is called (its id is the provider's key). */
export function insertPendingRefund(
  trx: Transaction<DB>,
  refund: {
    key: string;
    paymentId: string;
    lessonId?: string;
    amountCents: number;
    reason: string;
  },
  now: Date,
) {
  return trx
    .insertInto('payment_refunds')
    .values({
      idempotency_key: refund.key,
      payment_id: refund.paymentId,
      lesson_id: refund.lessonId ?? null,
      amount_cents: refund.amountCents,
      reason: refund.reason,
      status: 'pending',
      requested_at: now,
    })
    .returning(['id', 'status', 'amount_cents'])
    .executeTakeFirstOrThrow();
}

/** The provider confirmed the refund; false when it was confirmed before. */
export async function settleRefund(
  trx: Transaction<DB>,
  key: string,
  providerRefundId: string,
  now: Date,
) {
  const settled = await trx
    .updateTable('payment_refunds')
    .set({ status: 'succeeded', provider_refund_id: providerRefundId, refunded_at: now })
    .where('idempotency_key', '=', key)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return settled !== undefined;
}

/** Adds a refund to its payment: refunded when all of it went back, else partially refunded. */
export function addRefundToPayment(
  trx: Transaction<DB>,
  refund: { paymentId: string; amountCents: number; reason: string },
  now: Date,
) {
  const cents = refund.amountCents;
  return trx
    .updateTable('payments')
    .set((eb) => ({
      refunded_cents: sql<number>`least(amount_cents, refunded_cents + ${cents})`,
      status: sql<
        'refunded' | 'partially_refunded'
      >`case when ${eb.ref('refunded_cents')} + ${cents} >= amount_cents then 'refunded' else 'partially_refunded' end`,
      refund_reason: refund.reason,
      refunded_at: now,
      updated_at: now,
    }))
    .where('id', '=', refund.paymentId)
    .returning(['student_id', 'currency'])
    .executeTakeFirstOrThrow();
}

/** Whether the user's account is still open (a closed one is told by email only). */
export async function isOpenAccount(db: Db, userId: string) {
  const user = await db
    .selectFrom('users')
    .select('closed_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user !== undefined && user.closed_at === null;
}
