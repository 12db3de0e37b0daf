import { z } from 'zod/mini';
import { defineEndpoint, idParams, ROLE_ERRORS } from './endpoint';

// Tutors' money out (issue #25): the ledger's view of a tutor's earnings, the payout account,
// Withdraw; the payout provider's webhook; the admin's Finance page.

const lessonLine = z.object({
  lessonId: z.string(),
  endsAt: z.string(),
  studentName: z.string(),
  priceCents: z.int(),
  rateBp: z.int(),
  commissionCents: z.int(),
  netCents: z.int(),
  status: z.enum(['pending', 'available', 'reversed']),
});

export const payoutLine = z.object({
  id: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  status: z.enum(['requested', 'in_transit', 'paid', 'failed']),
  origin: z.enum(['withdraw', 'weekly', 'retry']),
  requestedAt: z.string(),
  settledAt: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
});

export const payoutAccountView = z.object({
  status: z.enum(['none', 'onboarding', 'active', 'needs_attention']),
  reason: z.string(),
  displayName: z.string(),
});

export const getTutorPayouts = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/payouts',
  summary: "A tutor's balances from the ledger, commission tier, lesson lines and payouts",
  status: 200,
  response: z.object({
    currency: z.string(),
    balances: z.object({
      pendingCents: z.int(),
      availableCents: z.int(),
      inTransitCents: z.int(),
      paidOutCents: z.int(),
    }),
    commission: z.object({
      rateBp: z.int(),
      taughtHours: z.number(),
      next: z.nullable(z.object({ rateBp: z.int(), hoursToGo: z.number() })),
    }),
    minimumCents: z.int(),
    canWithdraw: z.boolean(),
    account: payoutAccountView,
    lessons: z.array(lessonLine),
    payouts: z.array(payoutLine),
  }),
  errors: [...ROLE_ERRORS],
});

export const startPayoutOnboarding = defineEndpoint({
  method: 'POST',
  path: '/api/tutor/payouts/account',
  summary: "A link to the payout provider's page where the tutor gives their bank details",
  status: 200,
  response: z.object({ onboardingUrl: z.string() }),
  errors: [...ROLE_ERRORS],
});

export const withdrawEarnings = defineEndpoint({
  method: 'POST',
  path: '/api/tutor/payouts/withdraw',
  summary: 'Pays out everything available (at least the minimum)',
  status: 201,
  response: z.object({ payoutId: z.string() }),
  errors: [...ROLE_ERRORS, 'CONFLICT'],
});

export const payoutWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/payouts/webhooks/:provider',
  summary: 'Payout provider webhook (raw JSON body, signed)',
  params: z.object({ provider: z.enum(['local', 'stripe']) }),
  status: 200,
  response: z.object({ received: z.literal(true) }),
  errors: ['VALIDATION_FAILED', 'BAD_REQUEST', 'NOT_FOUND'],
});

const reconciliationFinding = z.object({
  /** What the money is: a payout's transfer, a student's charge, or a refund. */
  subject: z.enum(['transfer', 'charge', 'refund']),
  /** unknown: at the provider only; missing: in the ledger only; amount_differs: in both. */
  kind: z.enum(['unknown', 'missing', 'amount_differs']),
  /** The provider's id of the transfer, payment intent or refund, where one is known. */
  providerRef: z.nullable(z.string()),
  payoutId: z.nullable(z.string()),
  paymentId: z.nullable(z.string()),
  /** Whose money: the payout's tutor, the payment's student. */
  name: z.nullable(z.string()),
  currency: z.string(),
  /** The money the provider moved as each side has it, and the provider's minus the ledger's. */
  ledgerCents: z.int(),
  providerCents: z.int(),
  differenceCents: z.int(),
});

export const getFinance = defineEndpoint({
  method: 'GET',
  path: '/api/admin/finance',
  summary: "The platform's money from the ledger: bookings, revenue, refunds, balances, payouts",
  status: 200,
  response: z.object({
    currency: z.string(),
    grossBookingsCents: z.int(),
    platformRevenueCents: z.int(),
    refundsCents: z.int(),
    providerCashCents: z.int(),
    unearnedCents: z.int(),
    tutorsOwedCents: z.int(),
    tutors: z.array(
      z.object({
        tutorProfileId: z.string(),
        name: z.string(),
        pendingCents: z.int(),
        availableCents: z.int(),
        inTransitCents: z.int(),
      }),
    ),
    payouts: z.array(z.extend(payoutLine, { tutorName: z.string() })),
    /** The latest daily reconciliation of the provider's record with the ledger. */
    reconciliation: z.object({
      checkedAt: z.nullable(z.string()),
      provider: z.nullable(z.enum(['local', 'stripe'])),
      findings: z.array(reconciliationFinding),
    }),
  }),
  errors: [...ROLE_ERRORS],
});

export const adjustmentSchema = z.object({
  tutorProfileId: z.string().check(z.maxLength(100)),
  /** Signed cents: positive gives the tutor money, negative takes it. */
  amountCents: z.int().check(z.gte(-10_000_000), z.lte(10_000_000)),
  reason: z.string().check(z.trim(), z.minLength(5), z.maxLength(300)),
});

export const adjustBalance = defineEndpoint({
  method: 'POST',
  path: '/api/admin/finance/adjustments',
  summary: "Corrects a tutor's available balance, with a reason (audited)",
  body: adjustmentSchema,
  status: 201,
  response: z.object({ ok: z.literal(true) }),
  errors: [...ROLE_ERRORS, 'VALIDATION_FAILED', 'NOT_FOUND'],
});

export const retryPayout = defineEndpoint({
  method: 'POST',
  path: '/api/admin/payouts/:id/retry',
  summary: 'Pays a failed payout again (a new payout of what is available)',
  params: idParams,
  status: 201,
  response: z.object({ payoutId: z.string() }),
  errors: [...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});
