import { z } from 'zod';
import { defineEndpoint, idParams, ROLE_ERRORS } from './endpoint';

// Tutors' money out (issue #25): the ledger's view of a tutor's earnings, the payout account,
// Withdraw; the payout provider's webhook; the admin's Finance page.

const lessonLine = z.object({
  lessonId: z.string(),
  endsAt: z.string(),
  studentName: z.string(),
  priceCents: z.number().int(),
  rateBp: z.number().int(),
  commissionCents: z.number().int(),
  netCents: z.number().int(),
  status: z.enum(['pending', 'available', 'reversed']),
});

export const payoutLine = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['requested', 'in_transit', 'paid', 'failed']),
  origin: z.enum(['withdraw', 'weekly', 'retry']),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
  failureReason: z.string().nullable(),
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
      pendingCents: z.number().int(),
      availableCents: z.number().int(),
      inTransitCents: z.number().int(),
      paidOutCents: z.number().int(),
    }),
    commission: z.object({
      rateBp: z.number().int(),
      taughtHours: z.number(),
      next: z.object({ rateBp: z.number().int(), hoursToGo: z.number() }).nullable(),
    }),
    minimumCents: z.number().int(),
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
  providerRef: z.string().nullable(),
  payoutId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** Whose money: the payout's tutor, the payment's student. */
  name: z.string().nullable(),
  currency: z.string(),
  /** The money the provider moved as each side has it, and the provider's minus the ledger's. */
  ledgerCents: z.number().int(),
  providerCents: z.number().int(),
  differenceCents: z.number().int(),
});

export const getFinance = defineEndpoint({
  method: 'GET',
  path: '/api/admin/finance',
  summary: "The platform's money from the ledger: bookings, revenue, refunds, balances, payouts",
  status: 200,
  response: z.object({
    currency: z.string(),
    grossBookingsCents: z.number().int(),
    platformRevenueCents: z.number().int(),
    refundsCents: z.number().int(),
    providerCashCents: z.number().int(),
    unearnedCents: z.number().int(),
    tutorsOwedCents: z.number().int(),
    tutors: z.array(
      z.object({
        tutorProfileId: z.string(),
        name: z.string(),
        pendingCents: z.number().int(),
        availableCents: z.number().int(),
        inTransitCents: z.number().int(),
      }),
    ),
    payouts: z.array(payoutLine.extend({ tutorName: z.string() })),
    /** The latest daily reconciliation of the provider's record with the ledger. */
    reconciliation: z.object({
      checkedAt: z.string().nullable(),
      provider: z.enum(['local', 'stripe']).nullable(),
      findings: z.array(reconciliationFinding),
    }),
  }),
  errors: [...ROLE_ERRORS],
});

export const adjustmentSchema = z.object({
  tutorProfileId: z.string().max(100),
  /** Signed cents: positive gives the tutor money, negative takes it. */
  amountCents: z.number().int().min(-10_000_000).max(10_000_000),
  reason: z.string().trim().min(5).max(300),
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
