import { z } from 'zod/mini';
import { MAX_BOOKING_NOTES_LENGTH } from '../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../domain/messages';
import {
  CHECKOUT_OUTCOMES,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  STUDENT_PACKAGE_STATUSES,
} from '../domain/payments/payment-rules';
import {
  lessonMinutesSchema,
  localDateSchema,
  slotLabelSchema,
  timeZoneSchema,
} from '../domain/scheduling/slot-schemas';
import { lesson } from './booking.contract';
import {
  defineEndpoint,
  idParams,
  numberIdSchema,
  ROLE_ERRORS,
  SIGNED_IN_ERRORS,
} from './endpoint';

// Paid lessons and packages: starting a checkout (the slot is held while the student pays),
// settling it from the success page, canceling it, the provider's webhooks, and the student's
// payments. The server prices everything; the browser only shows what it is told.

/** A slot as the student chose it, as in a trial booking (bookLessonSchema). */
const chosenSlot = {
  bookingDate: localDateSchema,
  slotLabel: slotLabelSchema,
  viewerZone: timeZoneSchema,
  notes: z._default(
    z.string().check(z.trim(), z.maxLength(MAX_BOOKING_NOTES_LENGTH, M.notesTooLong)),
    '',
  ),
};

/**
 * A paid booking: one lesson, or a package (`packageId`: 'platform_<n>' or a tutor package's
 * id) whose first lesson is this slot.
 */
export const startCheckoutSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('single'),
      tutorProfileId: z.uuid(M.tutorNotFound),
      subjectId: numberIdSchema(M.selectSubject),
      lessonMinutes: lessonMinutesSchema,
      ...chosenSlot,
    }),
    z.object({
      mode: z.literal('package'),
      tutorProfileId: z.uuid(M.tutorNotFound),
      subjectId: numberIdSchema(M.selectSubject),
      lessonMinutes: lessonMinutesSchema,
      packageId: z
        .string(M.selectPackage)
        .check(z.minLength(1, M.selectPackage), z.maxLength(100, M.selectPackage)),
      ...chosenSlot,
    }),
  ],
  { error: P.paidModeRequired },
);
export type StartCheckoutInput = z.input<typeof startCheckoutSchema>;

/** A payment as its student sees it (Billing, success and cancel pages). */
export const paymentView = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  description: z.string(),
  tutorName: z.string(),
  amountCents: z.int(),
  refundedCents: z.int(),
  currency: z.string(),
  receiptUrl: z.nullable(z.string()),
  /** Why money went back without anyone asking ('slot_taken'), else null. */
  refundReason: z.nullable(z.string()),
  /** UTC ISO instants. */
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  holdExpiresAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

const startCheckoutResponse = z.object({
  payment: paymentView,
  sessionId: z.string(),
  /** The provider's hosted checkout page: the browser goes there to pay. */
  sessionUrl: z.string(),
});

/** What the success page shows once the server has settled the session with the provider. */
const checkoutResultResponse = z.object({
  outcome: z.enum(CHECKOUT_OUTCOMES),
  payment: paymentView,
  /** The lesson bought (a package's first lesson), once booked. */
  lesson: z.nullable(lesson),
});
export type CheckoutResult = z.infer<typeof checkoutResultResponse>;

/** A package bought by the student: its credits and validity. */
export const studentPackageView = z.object({
  id: z.string(),
  name: z.string(),
  tutorProfileId: z.string(),
  tutorName: z.string(),
  subjectId: z.int(),
  subject: z.string(),
  lessonMinutes: z.int(),
  numberOfLessons: z.int(),
  lessonsLeft: z.int(),
  status: z.enum(STUDENT_PACKAGE_STATUSES),
  /** UTC ISO; null until paid. */
  expiresAt: z.nullable(z.string()),
});
export type StudentPackageView = z.infer<typeof studentPackageView>;

export const startCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/checkout',
  summary: 'Holds the slot, records a pending payment and opens the provider checkout',
  body: startCheckoutSchema,
  status: 201,
  response: startCheckoutResponse,
  errors: [
    'VALIDATION_FAILED',
    ...ROLE_ERRORS,
    'NOT_FOUND',
    'SLOT_TAKEN',
    'PAYMENT_PROVIDER_FAILED',
  ],
});

/** The success page's call: settles the session from the provider's own record (idempotent). */
export const confirmCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/checkout/sessions/:id/confirm',
  params: idParams,
  status: 200,
  response: checkoutResultResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'PAYMENT_PROVIDER_FAILED'],
});

/** The cancel page's call: a pending payment is canceled and its slot released. */
export const cancelCheckout = defineEndpoint({
  method: 'POST',
  path: '/api/payments/:id/cancel',
  params: idParams,
  status: 200,
  response: z.object({ payment: paymentView }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});

export const getPayment = defineEndpoint({
  method: 'GET',
  path: '/api/payments/:id',
  params: idParams,
  status: 200,
  response: z.object({ payment: paymentView }),
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS, 'NOT_FOUND'],
});

/** Student Billing: every payment, newest first, and the packages bought. */
export const getBilling = defineEndpoint({
  method: 'GET',
  path: '/api/billing',
  status: 200,
  response: z.object({
    payments: z.array(paymentView),
    packages: z.array(studentPackageView),
  }),
  errors: [...ROLE_ERRORS],
});

/** A provider's webhook: the raw body, verified by signature; 400 and nothing changes otherwise. */
export const paymentWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/payments/webhooks/:provider',
  summary: 'Provider webhook (raw JSON body, signed: Tutora-Signature or Stripe-Signature)',
  params: z.object({ provider: z.enum(['local', 'stripe']) }),
  status: 200,
  response: z.object({ received: z.literal(true) }),
  errors: ['VALIDATION_FAILED', 'BAD_REQUEST', 'NOT_FOUND'],
});

/** What every receipt says of what was bought: from whom, the subject, the lesson length. */
const boughtFrom = {
  description: z.string(),
  tutorName: z.string(),
  subject: z.nullable(z.string()),
  lessonMinutes: z.nullable(z.int()),
};

/** What a receipt says was bought: one lesson (when, with whom) or a package of lessons. */
const receiptItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('single'),
    ...boughtFrom,
    /** UTC ISO instants of the lesson bought (as booked); null if it was never booked. */
    startsAt: z.nullable(z.string()),
    endsAt: z.nullable(z.string()),
  }),
  z.object({
    kind: z.literal('package'),
    ...boughtFrom,
    packageName: z.nullable(z.string()),
    numberOfLessons: z.nullable(z.int()),
  }),
]);

/** A paid payment's receipt, for its payer (and admins). Money in integer cents. */
export const receiptView = z.object({
  paymentId: z.string(),
  receiptNumber: z.string(),
  /** UTC ISO instant the money came in. */
  paidAt: z.string(),
  student: z.object({ name: z.string(), email: z.string() }),
  /** The student's account timezone: the receipt's dates and the lesson time read in it. */
  timeZone: z.string(),
  item: receiptItem,
  amountCents: z.int(),
  currency: z.string(),
  /** The card paid with, when the provider told us; null: "Card" without details. */
  card: z.nullable(z.object({ brand: z.nullable(z.string()), last4: z.string() })),
  /** Refunds confirmed by the provider, oldest first. */
  refunds: z.array(z.object({ refundedAt: z.string(), amountCents: z.int() })),
  netCents: z.int(),
});
export type ReceiptView = z.infer<typeof receiptView>;

/** A payment's receipt: the payer's or an admin's; anyone else (and an unpaid payment) 404. */
export const getReceipt = defineEndpoint({
  method: 'GET',
  path: '/api/payments/:id/receipt',
  params: idParams,
  status: 200,
  response: z.object({ receipt: receiptView }),
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS, 'NOT_FOUND'],
});
