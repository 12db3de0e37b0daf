import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { freePort } from '../../test/free-port';
import { startStripeFake, type StripeFake } from '../../test/stripe-fake';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
} from './payment-provider';
import { stripeProvider } from './stripe-provider';

// The real Stripe SDK against a local fake of the endpoints used; webhooks carry real
// signatures. Stripe's clock (the fake's) and ours stand still at NOW.
const NOW = new Date('2030-01-07T03:00:00Z');
const MINUTE = 60_000;
const WEBHOOK_SECRET = 'whsec_tutora_test';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('Stripe payment provider', () => {
  const clock = fixedClock(NOW);
  let fake: StripeFake;
  let provider: PaymentProvider;
  let attempt = 0;

  beforeAll(async () => {
    fake = await startStripeFake({ webhookSecret: WEBHOOK_SECRET, now: clock.now });
    provider = await stripeProvider({
      secretKey: 'sk_test_tutora',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
  });
  beforeEach(() => clock.set(NOW));
  afterAll(() => fake.close());

  /** A checkout attempt for a 50-minute lesson, on a 15-minute hold, with its own key. */
  const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => {
    attempt += 1;
    return {
      paymentId: `payment-${attempt}`,
      amountCents: 5000,
      currency: 'EUR',
      description: '50-minute Mathematics lesson with Ada L.',
      successUrl: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/payment/cancel',
      holdExpiresAt: new Date(NOW.getTime() + 15 * MINUTE),
      idempotencyKey: `checkout-${attempt}`,
      ...overrides,
    };
  };

  describe('createCheckout', () => {
    it('sends our payment id, no personal data and an expiry Stripe accepts', async () => {
      const checkout = request();
      const created = await provider.createCheckout(checkout);

      expect(created.url).toBe(`${fake.url}/c/pay/${created.sessionId}`);
      const received = fake.sessions.get(created.sessionId)?.params;
      expect(received).toEqual({
        mode: 'payment',
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'eur',
              unit_amount: '5000',
              product_data: { name: '50-minute Mathematics lesson with Ada L.' },
            },
          },
        ],
        client_reference_id: checkout.paymentId,
        metadata: { paymentId: checkout.paymentId },
        // 30 minutes past the hold's end (plus 2 of margin): Stripe's minimum session life.
        expires_at: String(seconds(checkout.holdExpiresAt) + 32 * 60),
        success_url: 'http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/payment/cancel',
      });
      expect(Number(received?.expires_at)).toBeGreaterThanOrEqual(seconds(NOW) + 30 * 60);
    });

    it('creates one session per idempotency key, even when retried minutes later', async () => {
      const checkout = request();
      const first = await provider.createCheckout(checkout);
      clock.advance(5 * MINUTE);
      const retried = await provider.createCheckout(checkout);
      const another = await provider.createCheckout({
        ...checkout,
        idempotencyKey: 'other-key',
      });

      expect(retried).toEqual(first);
      expect(another.sessionId).not.toBe(first.sessionId);
    });

    it('reports a key reused for a different checkout as a provider error', async () => {
      const checkout = request();
      await provider.createCheckout(checkout);

      await expect(provider.createCheckout({ ...checkout, amountCents: 9900 })).rejects.toThrow(
        PaymentProviderError,
      );
    });

    it('reports Stripe refusing the request, with Stripe’s message', async () => {
      const lapsedLongAgo = new Date(NOW.getTime() - 10 * MINUTE);

      await expect(
        provider.createCheckout(request({ holdExpiresAt: lapsedLongAgo })),
      ).rejects.toThrow(
        new PaymentProviderError(
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
        ),
      );
    });

    it('reports an unreachable Stripe as a provider error', async () => {
      const nobody = await stripeProvider({
        secretKey: 'sk_test_tutora',
        webhookSecret: WEBHOOK_SECRET,
        apiBase: `http://127.0.0.1:${await freePort()}`,
      });

      await expect(nobody.createCheckout(request())).rejects.toThrow(PaymentProviderError);
    });
  });

  describe('retrieveSession', () => {
    it('reads an open session as unpaid, without an intent', async () => {
      const checkout = request();
      const { sessionId } = await provider.createCheckout(checkout);

      expect(await provider.retrieveSession(sessionId)).toEqual({
        sessionId,
        paymentId: checkout.paymentId,
        status: 'open',
        paymentStatus: 'unpaid',
        amountCents: 5000,
        currency: 'EUR',
        paymentIntentId: null,
        receiptUrl: null,
        card: null,
      });
    });

    it('reads a paid session with its payment intent and the charge’s receipt', async () => {
      const { sessionId } = await provider.createCheckout(request());
      const paid = fake.pay(sessionId);

      const state = await provider.retrieveSession(sessionId);
      expect(state).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountCents: 5000 });
      expect(state.paymentIntentId).toBe(paid.payment_intent);
      expect(state.receiptUrl).toMatch(new RegExp(`^${fake.url}/receipts/payment/ch_`));
      // The card the charge was paid with, for our own receipt.
      expect(state.card).toEqual({ brand: 'visa', last4: '4242' });
    });

    it('reads a delayed payment as complete but unpaid until it settles', async () => {
      const { sessionId } = await provider.createCheckout(request());
      fake.payAsync(sessionId);

      const settling = await provider.retrieveSession(sessionId);
      expect(settling).toMatchObject({
        status: 'complete',
        paymentStatus: 'unpaid',
        receiptUrl: null,
      });
      expect(settling.paymentIntentId).toMatch(/^pi_/);

      fake.pay(sessionId);
      const settled = await provider.retrieveSession(sessionId);
      expect(settled).toMatchObject({
        paymentStatus: 'paid',
        paymentIntentId: settling.paymentIntentId,
      });
      expect(settled.receiptUrl).not.toBeNull();
    });

    it('reads a session past its expires_at as expired', async () => {
      const { sessionId } = await provider.createCheckout(request());
      clock.advance(47 * MINUTE);

      expect(await provider.retrieveSession(sessionId)).toMatchObject({ status: 'expired' });
    });

    it('reports an unknown session as a provider error', async () => {
      await expect(provider.retrieveSession('cs_test_unknown')).rejects.toThrow(
        new PaymentProviderError("No such checkout.session: 'cs_test_unknown'"),
      );
    });
  });

  describe('expireSession', () => {
    it('closes an open session', async () => {
      const { sessionId } = await provider.createCheckout(request());
      await provider.expireSession(sessionId);

      expect(await provider.retrieveSession(sessionId)).toMatchObject({ status: 'expired' });
      expect(() => fake.pay(sessionId)).toThrow(/cannot be paid/);
    });

    it('leaves a paid session paid, and an expired one expired, without an error', async () => {
      const paid = await provider.createCheckout(request());
      fake.pay(paid.sessionId);
      const expired = await provider.createCheckout(request());
      await provider.expireSession(expired.sessionId);

      await provider.expireSession(paid.sessionId);
      await provider.expireSession(expired.sessionId);

      expect(await provider.retrieveSession(paid.sessionId)).toMatchObject({
        status: 'complete',
        paymentStatus: 'paid',
      });
      expect(await provider.retrieveSession(expired.sessionId)).toMatchObject({
        status: 'expired',
      });
    });

    it('reports an unknown session as a provider error', async () => {
      await expect(provider.expireSession('cs_test_unknown')).rejects.toThrow(PaymentProviderError);
    });
  });

  describe('refund', () => {
    it('refunds once per idempotency key, never more than was captured', async () => {
      const { sessionId } = await provider.createCheckout(request());
      const paymentIntentId = fake.pay(sessionId).payment_intent ?? '';

      const first = await provider.refund({
        paymentIntentId,
        amountCents: 2000,
        idempotencyKey: 'refund-a',
        reference: 'refund-a',
      });
      const replay = await provider.refund({
        paymentIntentId,
        amountCents: 2000,
        idempotencyKey: 'refund-a',
        reference: 'refund-a',
      });
      expect(replay).toEqual(first);
      expect(first.refundId).toMatch(/^re_/);

      // Had the replay refunded again, only 1000 would be left of the 5000.
      const rest = await provider.refund({
        paymentIntentId,
        amountCents: 3000,
        idempotencyKey: 'refund-b',
        reference: 'refund-b',
      });
      expect(rest.refundId).not.toBe(first.refundId);
      await expect(
        provider.refund({
          paymentIntentId,
          amountCents: 1,
          idempotencyKey: 'refund-c',
          reference: 'refund-c',
        }),
      ).rejects.toThrow(PaymentProviderError);
    });

    it('reports a payment that captured nothing as a provider error', async () => {
      const { sessionId } = await provider.createCheckout(request());
      const paymentIntentId = fake.payAsync(sessionId).payment_intent ?? '';

      await expect(
        provider.refund({
          paymentIntentId,
          amountCents: 5000,
          idempotencyKey: 'refund-d',
          reference: 'refund-d',
        }),
      ).rejects.toThrow(PaymentProviderError);
    });
  });

  describe('parseWebhook', () => {
    const deliver = (body: string, headers: Record<string, string>, at = clock.now()) =>
      provider.parseWebhook(Buffer.from(body), headers, at);

    it('turns each of the four checkout events into a payment event', async () => {
      const checkout = request();
      const { sessionId } = await provider.createCheckout(checkout);
      const paymentIntentId = fake.pay(sessionId).payment_intent;

      for (const type of [
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'checkout.session.expired',
      ] as const) {
        const { id, body, headers } = fake.signedEvent(type, sessionId);
        expect(deliver(body, headers)).toEqual({
          id,
          type,
          session: {
            sessionId,
            paymentId: checkout.paymentId,
            status: 'complete',
            paymentStatus: 'paid',
            amountCents: 5000,
            currency: 'EUR',
            paymentIntentId,
            // Events carry the session unexpanded: the receipt and the card come from
            // retrieveSession.
            receiptUrl: null,
            card: null,
          },
        });
      }
    });

    it('ignores other event types and sessions that are not ours', async () => {
      const { sessionId } = await provider.createCheckout(request());
      const other = fake.signedEvent('payment_intent.succeeded', sessionId);
      expect(deliver(other.body, other.headers)).toBeNull();

      const foreign = await provider.createCheckout(request());
      const entry = fake.sessions.get(foreign.sessionId);
      if (entry) Object.assign(entry.session, { client_reference_id: null, metadata: {} });
      const event = fake.signedEvent('checkout.session.completed', foreign.sessionId);
      expect(deliver(event.body, event.headers)).toBeNull();
    });

    it('refuses a tampered body, a wrong secret and a missing signature', async () => {
      const { sessionId } = await provider.createCheckout(request());
      const { body, headers } = fake.signedEvent('checkout.session.completed', sessionId);
      const tampered = body.replace('"amount_total":5000', '"amount_total":1');
      expect(tampered).not.toBe(body);
      expect(() => deliver(tampered, headers)).toThrow(WebhookSignatureError);

      const otherSecret = await stripeProvider({
        secretKey: 'sk_test_tutora',
        webhookSecret: 'whsec_someone_else',
        apiBase: fake.url,
      });
      expect(() => otherSecret.parseWebhook(Buffer.from(body), headers, NOW)).toThrow(
        WebhookSignatureError,
      );
      expect(() => deliver(body, {})).toThrow(WebhookSignatureError);
      expect(() => deliver(body, { 'stripe-signature': 'v1=abc' })).toThrow(WebhookSignatureError);
    });

    it('accepts a delivery up to 300 s from our clock, not the machine’s, and refuses beyond', async () => {
      const { sessionId } = await provider.createCheckout(request());
      /** A delivery signed `offsetSeconds` away from NOW, parsed at NOW. */
      const signedAt = (offsetSeconds: number) => {
        const timestamp = new Date(NOW.getTime() + offsetSeconds * 1000);
        const { body, headers } = fake.signedEvent('checkout.session.completed', sessionId, {
          timestamp,
        });
        return () => deliver(body, headers, NOW);
      };

      // NOW is years away from the machine's clock: only the clock passed in counts.
      expect(signedAt(-300)()).not.toBeNull();
      expect(signedAt(300)()).not.toBeNull();
      expect(signedAt(-301)).toThrow(WebhookSignatureError);
      expect(signedAt(301)).toThrow(WebhookSignatureError);
    });
  });
});
