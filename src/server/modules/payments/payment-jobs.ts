// The payments module's background jobs (pg-boss queues on the app's database).
export const PAYMENT_JOBS = {
  /** A hold's end: expire the unpaid payment and close the provider's session. */
  expireHold: 'payments.expire-hold',
  /** A payment arrived after its slot was taken: give the money back, tell the student. */
  refundSlotTaken: 'payments.refund-slot-taken',
} as const;
