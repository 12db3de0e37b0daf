import type { Kysely, Transaction } from 'kysely';
import type { PaymentView } from '../../../contracts/payments.contract';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';

// A payment as its student sees it: one query shape for Billing, checkout, success and cancel.

type Db = Kysely<DB> | Transaction<DB>;

/** Payments with their tutor's name, ready for toPaymentView. */
export function paymentRows(db: Db) {
  return db
    .selectFrom('payments as p')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'p.tutor_profile_id')
    .innerJoin('users as tu', 'tu.id', 'tp.user_id')
    .select([
      'p.id',
      'p.student_id',
      'p.kind',
      'p.status',
      'p.description',
      fullName('tu').as('tutor_name'),
      'p.amount_cents',
      'p.refunded_cents',
      'p.currency',
      'p.receipt_url',
      'p.refund_reason',
      'p.created_at',
      'p.completed_at',
      'p.hold_expires_at',
    ]);
}
export type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['execute']>>[number];

export function toPaymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    description: row.description,
    tutorName: row.tutor_name,
    amountCents: row.amount_cents,
    refundedCents: row.refunded_cents,
    currency: row.currency,
    receiptUrl: row.receipt_url,
    refundReason: row.refund_reason,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    holdExpiresAt: row.hold_expires_at.toISOString(),
  };
}
