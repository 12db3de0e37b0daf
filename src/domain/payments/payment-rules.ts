// Payments as the server keeps them (issue #11, ADR 015). The browser never decides what is
// paid: the provider's own record does, through a verified webhook or the provider's API.

export const PAYMENT_STATUSES = [
  'pending',
  'completed',
  'canceled',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment buys: one lesson, or a package whose first lesson is booked with it. */
export const PAYMENT_KINDS = ['single', 'package'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How long a slot is held for a student paying for it (Sharetribe's 15 minutes). */
export const DEFAULT_HOLD_MINUTES = 15;

/** Statuses of a bought package: credits can be used only while active and not past expiry. */
export const STUDENT_PACKAGE_STATUSES = [
  'awaiting_payment',
  'active',
  'expired',
  'refunded',
] as const;
export type StudentPackageStatus = (typeof STUDENT_PACKAGE_STATUSES)[number];

/**
 * What happened to a checkout when its payment was settled, as the success page tells it:
 * booked; still settling (an async method); refunded because the slot was taken after the
 * hold lapsed; not paid (canceled, expired, or the provider says unpaid).
 */
export const CHECKOUT_OUTCOMES = ['booked', 'processing', 'refunded', 'unpaid'] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** A payment has a receipt once its money came in: completed, or refunded since. */
export const RECEIPT_STATUSES = [
  'completed',
  'refunded',
  'partially_refunded',
] as const satisfies readonly PaymentStatus[];

/**
 * A payment's receipt number: the first 12 hex digits of its id, grouped by four ("R-3F2A-91BC-
 * 04DE"). Stable (read from the payment, never stored or counted), short enough to read out, and
 * with 48 bits of a random id no two receipts share one in practice.
 */
export function receiptNumber(paymentId: string): string {
  const hex = paymentId.replace(/-/g, '').slice(0, 12).toUpperCase();
  return `R-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
}
