import type Stripe from 'stripe';
import {
  PaymentProviderError,
  REFUND_REFERENCE,
  type CheckoutSessionState,
  type PaymentEventType,
  type PaymentProvider,
} from './payment-provider';
import { constructStripeEvent, stripeClient } from './stripe-client';

// Stripe Checkout through the official SDK. Stripe keeps a session open for at least 30 minutes,
// longer than our slot hold: the hold's own job expires the session through the API, and a
// payment that still lands late is handled by fulfilment (book if free, else refund).

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (`http://127.0.0.1:PORT`): tests point the SDK at a local fake. */
  apiBase?: string;
}

/** Stripe's shortest session life; `expires_at` must be at least this far in Stripe's future. */
const MINIMUM_SESSION_SECONDS = 30 * 60;
/** Room for the request's travel time and for a clock a little behind Stripe's. */
const EXPIRY_MARGIN_SECONDS = 2 * 60;

const HANDLED_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] satisfies PaymentEventType[]);

export async function stripeProvider({
  secretKey,
  webhookSecret,
  apiBase,
}: StripeProviderOptions): Promise<PaymentProvider> {
  const stripe = await stripeClient(secretKey, apiBase);

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountCents,
                  product_data: { name: request.description },
                },
              },
            ],
            client_reference_id: request.paymentId,
            // Our id only: Stripe needs nothing personal to find the payment again.
            metadata: { paymentId: request.paymentId },
            expires_at: sessionExpiry(request.holdExpiresAt),
            // Holds Stripe's {CHECKOUT_SESSION_ID} placeholder, which Stripe fills in itself.
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned a session without a URL');
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId) {
      const session = await call(() =>
        stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['payment_intent.latest_charge'],
        }),
      );
      const state = sessionState(session);
      if (!state) throw new PaymentProviderError(`Stripe session ${sessionId} is not one of ours`);
      return state;
    },

    async expireSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid or already expired):
        // that is the state we wanted, so ask Stripe which it is rather than read its wording.
        if (!(error instanceof stripe.errors.StripeInvalidRequestError)) throw providerError(error);
        const session = await call(() => stripe.checkout.sessions.retrieve(sessionId));
        if (session.status === 'open') throw providerError(error);
      }
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey, reference }) {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            amount: amountCents,
            metadata: { [REFUND_REFERENCE]: reference },
          },
          { idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },

    async findRefund({ paymentIntentId, reference }) {
      // A payment has a handful of refunds at most: its list, every page, is searched.
      const found = await call(async () => {
        for await (const refund of stripe.refunds.list({
          payment_intent: paymentIntentId,
          limit: 100,
        }))
          if (refund.metadata?.[REFUND_REFERENCE] === reference) return refund;
        return null;
      });
      return found && { refundId: found.id, amountCents: found.amount };
    },

    parseWebhook(rawBody, headers, now) {
      const event = constructStripeEvent(
        stripe,
        rawBody,
        headers['stripe-signature'],
        [webhookSecret],
        now,
      );
      if (!HANDLED_EVENTS.has(event.type)) return null;
      const session = sessionState(event.data.object as Stripe.Checkout.Session);
      // A session created by something else on the same Stripe account: not ours to fulfil.
      if (!session) return null;
      return { id: event.id, type: event.type as PaymentEventType, session };
    },
  };
}

/**
 * Stripe's `expires_at`, counted from the hold's end so that a retried creation (same
 * idempotency key) sends the very same parameters, as Stripe requires: while the hold runs it is
 * at least 30 minutes (plus a margin) in Stripe's future.
 */
function sessionExpiry(holdExpiresAt: Date): number {
  return (
    Math.ceil(holdExpiresAt.getTime() / 1000) + MINIMUM_SESSION_SECONDS + EXPIRY_MARGIN_SECONDS
  );
}

/** Our view of a Stripe session, or null when it carries no payment id of ours. */
function sessionState(session: Stripe.Checkout.Session): CheckoutSessionState | null {
  const paymentId = session.client_reference_id ?? session.metadata?.paymentId;
  if (!paymentId) return null;
  const intent = session.payment_intent;
  const charge = intent && typeof intent === 'object' ? intent.latest_charge : null;
  return {
    sessionId: session.id,
    paymentId,
    status: sessionStatus(session.status),
    // 'no_payment_required' cannot happen: every session we create charges an amount.
    paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    receiptUrl: charge && typeof charge === 'object' ? charge.receipt_url : null,
    card: charge && typeof charge === 'object' ? cardOf(charge) : null,
  };
}

function cardOf(charge: Stripe.Charge): CheckoutSessionState['card'] {
  const card = charge.payment_method_details?.card;
  return card?.last4 ? { brand: card.brand ?? null, last4: card.last4 } : null;
}

/** A status Stripe may add later is read as unfinished: it neither books nor releases. */
function sessionStatus(status: string | null): CheckoutSessionState['status'] {
  return status === 'complete' || status === 'expired' ? status : 'open';
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

function providerError(error: unknown): PaymentProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(message, { cause: error });
}
