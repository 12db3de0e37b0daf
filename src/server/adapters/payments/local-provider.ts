import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types';
import type { Clock } from '../clock';
import * as repository from './local-checkout.repository';
import type { LocalSessionRow } from './local-checkout.repository';
import { LOCAL_SIGNATURE_HEADER, verifySignature } from './local-webhook-signature';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutSessionState,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
} from './payment-provider';

// The built-in provider (the default, so `npm start` needs no account): a hosted checkout
// page served by our own server (local-checkout.routes.ts) with Stripe's shapes — sessions,
// payment intents, refunds, signed webhooks — and no real money. Its state is in the database.

export interface LocalProviderDeps {
  db: Kysely<DB>;
  /** The app's public URL: the checkout page, receipts and the webhook live under it. */
  publicUrl: string;
  /** Signs the webhooks the page sends (see deriveLocalWebhookSecret). */
  webhookSecret: string;
  clock: Clock;
  /** NODE_ENV: in production the test checkout is refused unless explicitly allowed. */
  nodeEnv?: string;
  allowInProduction?: boolean;
}

export const WEBHOOK_PATH = '/api/payments/webhooks/local';

/** Stripe's placeholder in a success URL, replaced by the session id on the way back. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export const SESSION_ID_PATTERN = /^cs_local_[0-9a-f]{32}$/;
export const PAYMENT_INTENT_ID_PATTERN = /^pi_local_[0-9a-f]{32}$/;

export const newId = (prefix: 'cs' | 'pi' | 're' | 'evt') =>
  `${prefix}_local_${randomBytes(16).toString('hex')}`;

const baseUrl = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

export const checkoutUrl = (publicUrl: string, sessionId: string) =>
  `${baseUrl(publicUrl)}/checkout/local/${sessionId}`;

export const receiptUrl = (publicUrl: string, paymentIntentId: string) =>
  `${baseUrl(publicUrl)}/checkout/local/receipts/${paymentIntentId}`;

export const webhookUrl = (publicUrl: string) => `${baseUrl(publicUrl)}${WEBHOOK_PATH}`;

/** Where the browser goes after paying: the success URL with the session id filled in. */
export const successUrlOf = (session: LocalSessionRow) =>
  session.success_url.replaceAll(SESSION_ID_PLACEHOLDER, session.id);

export function toSessionState(session: LocalSessionRow, publicUrl: string): CheckoutSessionState {
  return {
    sessionId: session.id,
    paymentId: session.payment_id,
    status: session.status,
    paymentStatus: session.payment_status,
    amountCents: session.amount_cents,
    currency: session.currency,
    paymentIntentId: session.payment_intent_id,
    receiptUrl:
      session.payment_intent_id && session.payment_status === 'paid'
        ? receiptUrl(publicUrl, session.payment_intent_id)
        : null,
    card: session.card_last4 ? { brand: null, last4: session.card_last4 } : null,
  };
}

/** A webhook delivery's body, Stripe-shaped: the event wraps the session's state. */
export function webhookEvent(type: PaymentEventType, session: CheckoutSessionState, now: Date) {
  return {
    id: newId('evt'),
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { object: session },
  };
}

const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const satisfies readonly PaymentEventType[];

const eventSchema = z.object({
  id: z.string().regex(/^evt_local_/),
  type: z.string(),
  data: z.object({
    object: z.object({
      sessionId: z.string().regex(SESSION_ID_PATTERN),
      paymentId: z.string(),
      status: z.enum(['open', 'complete', 'expired']),
      paymentStatus: z.enum(['paid', 'unpaid']),
      amountCents: z.number().int().positive(),
      currency: z.string(),
      paymentIntentId: z.string().nullable(),
      receiptUrl: z.string().nullable(),
      card: z
        .object({ brand: z.string().nullable(), last4: z.string().regex(/^[0-9]{4}$/) })
        .nullable()
        .optional(),
    }),
  }),
});

/** The local test checkout in production takes no money: refused unless explicitly allowed. */
export class LocalCheckoutRefusedError extends Error {
  override name = 'LocalCheckoutRefusedError';
}

export function assertLocalCheckoutAllowed(
  deps: Pick<LocalProviderDeps, 'nodeEnv' | 'allowInProduction'>,
) {
  if (deps.nodeEnv === 'production' && deps.allowInProduction !== true)
    throw new LocalCheckoutRefusedError(
      'The local test checkout takes no real money and is refused in production (set LOCAL_CHECKOUT_IN_PRODUCTION=true to allow it)',
    );
}

export function localProvider(deps: LocalProviderDeps): PaymentProvider {
  assertLocalCheckoutAllowed(deps);
  const { db, publicUrl, webhookSecret, clock } = deps;

  const loadSession = async (sessionId: string) => {
    const session = SESSION_ID_PATTERN.test(sessionId)
      ? await repository.sessionAt(db, sessionId, clock.now())
      : undefined;
    if (!session) throw new PaymentProviderError(`No such checkout session: ${sessionId}`);
    return session;
  };

  return {
    name: 'local',

    async createCheckout(request) {
      const session = await repository.insertSessionOnce(db, {
        id: newId('cs'),
        payment_id: request.paymentId,
        idempotency_key: request.idempotencyKey,
        amount_cents: request.amountCents,
        currency: request.currency.toUpperCase(),
        description: request.description,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: request.holdExpiresAt,
        created_at: clock.now(),
      });
      // Like Stripe, a key reused for another payment is a caller's mistake, not a replay.
      if (session.payment_id !== request.paymentId || session.amount_cents !== request.amountCents)
        throw new PaymentProviderError(
          'Idempotency key already used for a different checkout session',
        );
      return { sessionId: session.id, url: checkoutUrl(publicUrl, session.id) };
    },

    async retrieveSession(sessionId) {
      return toSessionState(await loadSession(sessionId), publicUrl);
    },

    async expireSession(sessionId) {
      await loadSession(sessionId);
      await repository.expireOpenSession(db, sessionId);
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey, reference }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0)
        throw new PaymentProviderError('A refund amount must be a positive number of cents');
      return db.transaction().execute(async (trx) => {
        // The lock queues refunds of one payment, so two can never exceed what was captured.
        const session = await repository.lockSessionByPaymentIntent(trx, paymentIntentId);
        if (!session || session.payment_status !== 'paid')
          throw new PaymentProviderError(`No captured payment ${paymentIntentId}`);
        const earlier = await repository.refundByKey(trx, idempotencyKey);
        if (earlier) {
          if (earlier.session_id !== session.id || earlier.amount_cents !== amountCents)
            throw new PaymentProviderError('Idempotency key already used for a different refund');
          return { refundId: earlier.id };
        }
        if (session.refunded_cents + amountCents > session.amount_cents)
          throw new PaymentProviderError(
            `Refund of ${amountCents} cents exceeds the ${session.amount_cents - session.refunded_cents} cents left on ${paymentIntentId}`,
          );
        const refundId = newId('re');
        await repository.recordRefund(trx, {
          id: refundId,
          sessionId: session.id,
          idempotencyKey,
          amountCents,
          reference,
        });
        return { refundId };
      });
    },

    async findRefund({ paymentIntentId, reference }) {
      const refund = await repository.refundByReference(db, paymentIntentId, reference);
      return refund ? { refundId: refund.id, amountCents: refund.amount_cents } : null;
    },

    parseWebhook(rawBody, headers, now) {
      verifySignature(webhookSecret, rawBody, headers[LOCAL_SIGNATURE_HEADER], now);
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('Webhook body is not JSON');
      }
      const parsed = eventSchema.safeParse(body);
      if (!parsed.success) throw new WebhookSignatureError('Webhook body is not a local event');
      const type = EVENT_TYPES.find((known) => known === parsed.data.type);
      if (!type) return null;
      return { id: parsed.data.id, type, session: parsed.data.data.object } satisfies PaymentEvent;
    },
  };
}
