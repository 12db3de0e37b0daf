import type { PaymentView } from '../../../contracts/payments.contract';
import { paymentRows } from './payments.repository';

// A payment as its student sees it: one query shape for Billing, checkout, success and cancel.

export type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['execute']>>[number];
export { paymentRows };

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
