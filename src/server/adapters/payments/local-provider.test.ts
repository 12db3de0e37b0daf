import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { payLocalCheckout } from './local-checkout-payment';
import { localCheckoutRoutes } from './local-checkout.routes';
import { paymentParties, pendingCheckout, type PaymentParties } from '../../test/local-checkout';
import { localProvider, LocalCheckoutRefusedError, webhookEvent } from './local-provider';
import { TEST_CARDS } from './local-test-cards';
import {
  deriveLocalWebhookSecret,
  LOCAL_SIGNATURE_HEADER,
  signatureHeader,
} from './local-webhook-signature';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProvider,
} from './payment-provider';

// The local provider against a real database: what the payments module will call. Business
// time stands still at NOW unless a test moves it.

const NOW = new Date('2030-01-07T03:00:00Z');
const MINUTE = 60_000;
const SECRET = deriveLocalWebhookSecret(TEST_SESSION_SECRET);
const GOOD_CARD = { cardNumber: TEST_CARDS.succeeds, expiry: '12 / 34', cvc: '123', name: 'Ada L' };

describe.each(TEST_DRIVERS)('local payment provider on %s', (driver) => {
  let t: TestApp;
  let parties: PaymentParties;
  let provider: PaymentProvider;
  const clock = fixedClock(NOW);
  const deps = () => ({ db: t.database.db, publicUrl: t.url, webhookSecret: SECRET, clock });

  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock });
    parties = await paymentParties(t);
    provider = localProvider(deps());
  });
  beforeEach(() => clock.set(NOW));
  afterAll(async () => {
    await t.close();
  });

  const newCheckout = (overrides = {}) =>
    pendingCheckout(t.database.db, parties, { now: NOW, appUrl: t.url, ...overrides });

  /** A checkout paid with the good test card, as the hosted page would. */
  const paidSession = async (amountCents = 4500) => {
    const { sessionId } = await provider.createCheckout(await newCheckout({ amountCents }));
    const outcome = await payLocalCheckout(deps(), sessionId, GOOD_CARD);
    expect(outcome.kind).toBe('paid');
    return provider.retrieveSession(sessionId);
  };

  it('creates an open session on our own hosted page', async () => {
    const request = await newCheckout();
    const created = await provider.createCheckout(request);
    expect(created.sessionId).toMatch(/^cs_local_[0-9a-f]{32}$/);
    expect(created.url).toBe(`${t.url}/checkout/local/${created.sessionId}`);
    expect(await provider.retrieveSession(created.sessionId)).toEqual({
      sessionId: created.sessionId,
      paymentId: request.paymentId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountCents: 4500,
      currency: 'USD',
      paymentIntentId: null,
      receiptUrl: null,
      card: null,
    });
  });

  it('returns the same session for the same idempotency key, and refuses the key for another payment', async () => {
    const request = await newCheckout();
    const [first, second] = await Promise.all([
      provider.createCheckout(request),
      provider.createCheckout(request),
    ]);
    expect(second).toEqual(first);
    expect(await provider.createCheckout(request)).toEqual(first);
    const other = await newCheckout({ idempotencyKey: request.idempotencyKey });
    await expect(provider.createCheckout(other)).rejects.toThrow(PaymentProviderError);
  });

  it('expires an open session, and leaves a paid one complete', async () => {
    const { sessionId } = await provider.createCheckout(await newCheckout());
    await provider.expireSession(sessionId);
    expect((await provider.retrieveSession(sessionId)).status).toBe('expired');
    expect((await payLocalCheckout(deps(), sessionId, GOOD_CARD)).kind).toBe('not-open');

    const paid = await paidSession();
    await provider.expireSession(paid.sessionId);
    expect(await provider.retrieveSession(paid.sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
  });

  it('reports a session expired once its hold lapsed, job or no job', async () => {
    const { sessionId } = await provider.createCheckout(await newCheckout());
    clock.advance(15 * MINUTE - 1000);
    expect((await provider.retrieveSession(sessionId)).status).toBe('open');
    clock.advance(1000);
    expect((await provider.retrieveSession(sessionId)).status).toBe('expired');
  });

  it('tells a paid session by its payment intent and receipt', async () => {
    const paid = await paidSession();
    expect(paid.paymentIntentId).toMatch(/^pi_local_[0-9a-f]{32}$/);
    expect(paid.receiptUrl).toBe(`${t.url}/checkout/local/receipts/${paid.paymentIntentId}`);
    const row = await t.database.db
      .selectFrom('local_checkout_sessions')
      .selectAll()
      .where('id', '=', paid.sessionId)
      .executeTakeFirstOrThrow();
    expect(row.card_last4).toBe('4242');
    expect(row.completed_at).toEqual(NOW);
  });

  it('refunds up to what was captured, once per idempotency key', async () => {
    const paid = await paidSession(5000);
    const paymentIntentId = paid.paymentIntentId!;
    const refundedCents = async () =>
      (
        await t.database.db
          .selectFrom('local_checkout_sessions')
          .select('refunded_cents')
          .where('id', '=', paid.sessionId)
          .executeTakeFirstOrThrow()
      ).refunded_cents;

    const request = {
      paymentIntentId,
      amountCents: 2000,
      idempotencyKey: `refund-${paid.sessionId}`,
      reference: `refund-${paid.sessionId}`,
    };
    const [first, replay] = await Promise.all([provider.refund(request), provider.refund(request)]);
    expect(first.refundId).toMatch(/^re_local_[0-9a-f]{32}$/);
    expect(replay).toEqual(first);
    expect(await refundedCents()).toBe(2000);

    await expect(
      provider.refund({
        paymentIntentId,
        amountCents: 3001,
        idempotencyKey: 'too-much',
        reference: 'too-much',
      }),
    ).rejects.toThrow(PaymentProviderError);
    await provider.refund({
      paymentIntentId,
      amountCents: 3000,
      idempotencyKey: 'the-rest',
      reference: 'the-rest',
    });
    expect(await refundedCents()).toBe(5000);
    await expect(
      provider.refund({
        paymentIntentId,
        amountCents: 1,
        idempotencyKey: 'one-more',
        reference: 'one-more',
      }),
    ).rejects.toThrow(PaymentProviderError);
  });

  it('refuses to refund a payment that was never captured', async () => {
    await expect(
      provider.refund({
        paymentIntentId: 'pi_local_00000000000000000000000000000000',
        amountCents: 100,
        idempotencyKey: 'nothing-to-refund',
        reference: 'nothing-to-refund',
      }),
    ).rejects.toThrow(PaymentProviderError);
    const paid = await paidSession();
    await expect(
      provider.refund({
        paymentIntentId: paid.paymentIntentId!,
        amountCents: 0,
        idempotencyKey: 'zero',
        reference: 'zero',
      }),
    ).rejects.toThrow(PaymentProviderError);
  });

  describe('webhook signatures', () => {
    const SECOND = 1000;
    const signedDelivery = async (signedAt: Date, secret = SECRET) => {
      const session = await paidSession();
      const body = Buffer.from(
        JSON.stringify(webhookEvent('checkout.session.completed', session, signedAt)),
      );
      return {
        session,
        body,
        headers: { [LOCAL_SIGNATURE_HEADER]: signatureHeader(secret, body, signedAt) },
      };
    };

    it('accepts a delivery signed with our secret within 300 s', async () => {
      const { session, body, headers } = await signedDelivery(
        new Date(NOW.getTime() - 299 * SECOND),
      );
      const event = provider.parseWebhook(body, headers, NOW);
      expect(event).toMatchObject({ type: 'checkout.session.completed', session });
      expect(event?.id).toMatch(/^evt_local_/);
    });

    it('refuses a tampered body, another secret, or no signature', async () => {
      const { body, headers } = await signedDelivery(NOW);
      const tampered = Buffer.from(
        body.toString().replace('"amountCents":4500', '"amountCents":1'),
      );
      expect(() => provider.parseWebhook(tampered, headers, NOW)).toThrow(WebhookSignatureError);
      const forged = await signedDelivery(NOW, deriveLocalWebhookSecret('another-secret'));
      expect(() => provider.parseWebhook(forged.body, forged.headers, NOW)).toThrow(
        WebhookSignatureError,
      );
      expect(() => provider.parseWebhook(body, {}, NOW)).toThrow(WebhookSignatureError);
      expect(() =>
        provider.parseWebhook(body, { [LOCAL_SIGNATURE_HEADER]: 't=1,v1=zz' }, NOW),
      ).toThrow(WebhookSignatureError);
    });

    it('refuses a delivery signed more than 300 s before or after now', async () => {
      const old = await signedDelivery(new Date(NOW.getTime() - 301 * SECOND));
      expect(() => provider.parseWebhook(old.body, old.headers, NOW)).toThrow(/tolerance/);
      const future = await signedDelivery(new Date(NOW.getTime() + 301 * SECOND));
      expect(() => provider.parseWebhook(future.body, future.headers, NOW)).toThrow(/tolerance/);
    });

    it('ignores event types it does not know', async () => {
      const body = Buffer.from(
        JSON.stringify({
          ...webhookEvent('checkout.session.completed', await paidSession(), NOW),
          type: 'charge.updated',
        }),
      );
      const headers = { [LOCAL_SIGNATURE_HEADER]: signatureHeader(SECRET, body, NOW) };
      expect(provider.parseWebhook(body, headers, NOW)).toBeNull();
    });
  });

  it('refuses to run in production unless explicitly allowed', () => {
    expect(() => localProvider({ ...deps(), nodeEnv: 'production' })).toThrow(
      LocalCheckoutRefusedError,
    );
    expect(localProvider({ ...deps(), nodeEnv: 'production', allowInProduction: true }).name).toBe(
      'local',
    );
  });

  it('refuses to serve the hosted page in production unless explicitly allowed', async () => {
    const refused = Fastify().register(localCheckoutRoutes, { ...deps(), nodeEnv: 'production' });
    await expect(refused.ready()).rejects.toThrow(LocalCheckoutRefusedError);
    const allowed = Fastify().register(localCheckoutRoutes, {
      ...deps(),
      nodeEnv: 'production',
      allowInProduction: true,
    });
    await allowed.ready();
    await allowed.close();
  });
});
