import { z } from 'zod';
import { defineJob, MONEY_OWED_RETRIES } from '../../adapters/jobs/define-job';

// The payments module's background jobs (pg-boss queues on the app's database, ADR 014).

const REFUND_REASONS = [
  'account_closed',
  'account_suspended',
  'lesson_canceled',
  'tutor_canceled',
  'tutor_no_show',
  'slot_taken',
] as const;

export type RefundReason = (typeof REFUND_REASONS)[number];

const refundSchema = z.object({
  paymentId: z.string(),
  amountCents: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  /** The provider's idempotency key and payment_refunds' key: one refund per key, ever. */
  key: z.string(),
  lessonId: z.string().optional(),
  /** Closing: the package's remaining credits end with this refund. */
  endsPackage: z.boolean().optional(),
});

export type RefundJob = z.infer<typeof refundSchema>;

export const PAYMENT_JOBS = {
  /** A hold's end: expire the unpaid payment and close the provider's session. */
  expireHold: defineJob('payments.expire-hold', z.object({ paymentId: z.string() })),
  /** A payment arrived after its slot was taken: give the money back, tell the student. */
  refundSlotTaken: defineJob(
    'payments.refund-slot-taken',
    z.object({ paymentId: z.string() }),
    MONEY_OWED_RETRIES,
  ),
  /** Money given back without anyone at a checkout (closing, a cancel, a tutor's no-show). */
  refund: defineJob('payments.refund', refundSchema, MONEY_OWED_RETRIES),
};
