// One interface for the card payment provider: the built-in local hosted checkout (default) or
// Stripe Checkout (STRIPE_SECRET_KEY). Fulfilment never trusts the browser: it reads the
// provider's own record of a session (webhook event or retrieveSession).

export type ProviderName = 'local' | 'stripe';

export interface CheckoutRequest {
  /** Our payments.id: Stripe's client_reference_id, the local session's payment. */
  paymentId: string;
  amountCents: number;
  currency: string;
  /** What the student sees on the hosted page ("50-minute Mathematics lesson with Ada L."). */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** When our slot hold lapses; providers may keep the session open longer (Stripe: >= 30 min). */
  holdExpiresAt: Date;
  /** One key per checkout attempt: a retried call creates no second session. */
  idempotencyKey: string;
}

export interface CreatedCheckout {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** The provider's own view of a checkout session. */
export interface CheckoutSessionState {
  sessionId: string;
  /** Our payment id, as given at creation (client_reference_id). */
  paymentId: string;
  status: 'open' | 'complete' | 'expired';
  /** 'paid' only once money is captured; 'unpaid' while an async method is still settling. */
  paymentStatus: 'paid' | 'unpaid';
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
  receiptUrl: string | null;
  /** The card paid with, when the provider tells (Stripe names the brand, ours only digits). */
  card?: { brand: string | null; last4: string } | null;
}

export type PaymentEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** A verified webhook event about one checkout session. */
export interface PaymentEvent {
  /** The provider's event id: recorded so that a replay does nothing. */
  id: string;
  type: PaymentEventType;
  session: CheckoutSessionState;
}

/** A webhook whose signature or timestamp does not verify: answered 400, nothing changes. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The provider could not be reached or refused a call (answered 502 with the spec's message). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** The metadata key of our refund row's id on a provider's refund. */
export const REFUND_REFERENCE = 'tutora_refund_id';

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionState>;
  /** Closes an open session so it can no longer be paid; a session already complete stays so. */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Refunds (part of) a captured payment; the same idempotency key never refunds twice (while
   * the provider remembers it: Stripe forgets after about 24 hours). `reference` (our refund
   * row's id) is kept on the provider's refund, where `findRefund` looks for it.
   */
  refund(request: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
    reference: string;
  }): Promise<{ refundId: string }>;
  /** The refund of this payment carrying `reference`, if the provider made one. */
  findRefund(request: {
    paymentIntentId: string;
    reference: string;
  }): Promise<{ refundId: string; amountCents: number } | null>;
  /**
   * Verifies a webhook delivery on its raw body (signature over timestamp and body, 300 s
   * tolerance against `now`) and returns the event; unknown event types return null.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): PaymentEvent | null;
}
