import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { CHECKOUT_SCRIPT_PATH } from './local-checkout-script';
import { PAGE_TEXT } from './local-checkout-page';
import { paymentParties, pendingCheckout, type PaymentParties } from '../../test/local-checkout';
import { localProvider, WEBHOOK_PATH, type LocalProviderDeps } from './local-provider';
import { CARD_TEXT } from './local-test-cards';
import { deriveLocalWebhookSecret } from './local-webhook-signature';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider';

// The app's hosted checkout over HTTP, as a browser posts its forms, with the app's real CSP
// and a test-only webhook endpoint that verifies what the page sends: paying delivers a signed
// event that parseWebhook accepts. (Fulfilment has its own suite: payments.test.ts.)

const NOW = new Date('2030-01-07T03:00:00Z');
const MINUTE = 60_000;
/** What a person reads on a page: its text without tags, whitespace collapsed. */
const visibleText = (page: string) =>
  page
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The opening tag of the element with this id, whitespace collapsed ('' if none). */
const tagWithId = (page: string, id: string) =>
  [...page.matchAll(/<[a-z]+\s[^>]*>/g)]
    .map(([tag]) => tag.replace(/\s+/g, ' '))
    .find((tag) => tag.includes(` id="${id}"`)) ?? '';

const GOOD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  name: 'Ada Lovelace',
};

describe.each(TEST_DRIVERS)('local hosted checkout on %s', (driver) => {
  let t: TestApp;
  let parties: PaymentParties;
  let provider: PaymentProvider;
  const clock = fixedClock(NOW);
  /** What our webhook endpoint received: verified events, or why a delivery was refused. */
  const deliveries: (PaymentEvent | null | { refused: string })[] = [];

  /**
   * A webhook endpoint of the test's own that verifies what the app's hosted page sends, with
   * the app's key: a static path wins over the app's /api/payments/webhooks/:provider, so the
   * app's fulfilment never sees these fixture payments.
   */
  const verifyingWebhook: FastifyPluginAsync = async (app) => {
    const deps: LocalProviderDeps = {
      db: app.deps.db,
      publicUrl: app.deps.env.PUBLIC_URL,
      webhookSecret: deriveLocalWebhookSecret(TEST_SESSION_SECRET),
      clock: app.deps.clock,
    };
    await app.register(async (scope) => {
      const verifier = localProvider(deps);
      // Signatures are over the exact bytes sent: keep the raw body.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, body, done) =>
        done(null, body),
      );
      scope.post(WEBHOOK_PATH, async (request, reply) => {
        try {
          deliveries.push(
            verifier.parseWebhook(request.body as Buffer, request.headers, deps.clock.now()),
          );
          return reply.code(200).send({ received: true });
        } catch (error) {
          if (!(error instanceof WebhookSignatureError)) throw error;
          deliveries.push({ refused: error.message });
          return reply.code(400).send({ received: false });
        }
      });
    });
  };

  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock, extraRoutes: verifyingWebhook });
    parties = await paymentParties(t);
    provider = t.app.deps.paymentProvider;
  });
  beforeEach(() => {
    clock.set(NOW);
    deliveries.length = 0;
  });
  afterAll(async () => {
    await t.close();
  });

  const newSession = async (overrides = {}) => {
    const request = await pendingCheckout(t.database.db, parties, {
      now: NOW,
      appUrl: t.url,
      ...overrides,
    });
    const created = await provider.createCheckout(request);
    return { ...created, request, path: new URL(created.url).pathname };
  };

  const get = async (path: string) => {
    const response = await fetch(`${t.url}${path}`, { redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  /** Posts a form as the checkout page's own form does (same origin); '' leaves a header out. */
  const submit = async (
    path: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => {
    const sent = { origin: t.url, 'sec-fetch-site': 'same-origin', ...headers };
    const response = await fetch(`${t.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== '')),
      body: new URLSearchParams(fields),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  it('shows the amount, what it is for and the time left on the hold', async () => {
    const { path } = await newSession();
    clock.advance(MINUTE + 1000);
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const text = visibleText(page.text);
    expect(text).toContain('Pay Tutora $45.00');
    expect(text).toContain('50-minute Mathematics lesson with Tara Q.');
    expect(text).toContain('Your time slot is held for 14 min.');
    expect(tagWithId(page.text, 'hold-time')).toContain('data-seconds-left="839"');
    expect(text).toContain('Pay $45.00');
    expect(page.text).toContain(`<script src="${CHECKOUT_SCRIPT_PATH}" defer>`);
    const fields = { 'card-number': 'cc-number', 'card-expiry': 'cc-exp', 'card-cvc': 'cc-csc' };
    for (const [id, autocomplete] of Object.entries(fields)) {
      expect(tagWithId(page.text, id)).toContain(`autocomplete="${autocomplete}"`);
      expect(tagWithId(page.text, id)).toContain('inputmode="numeric"');
    }
    expect(tagWithId(page.text, 'card-name')).toContain('autocomplete="cc-name"');

    const script = await get(CHECKOUT_SCRIPT_PATH);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
  });

  it('pays with 4242: the session is paid, a signed webhook arrives, the browser goes to the success URL', async () => {
    const { sessionId, path, request } = await newSession();
    const paid = await submit(`${path}/pay`, GOOD);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${t.url}/payment/success?session_id=${sessionId}&payment_id=${request.paymentId}`,
    );

    const session = await provider.retrieveSession(sessionId);
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountCents: 4500 });
    expect(deliveries).toEqual([
      { id: expect.stringMatching(/^evt_local_/), type: 'checkout.session.completed', session },
    ]);

    const receipt = await get(new URL(session.receiptUrl!).pathname);
    expect(receipt.status).toBe(200);
    const receiptText = visibleText(receipt.text);
    expect(receiptText).toContain(PAGE_TEXT.receiptTitle);
    expect(receiptText).toContain('Amount paid $45.00');
    expect(receiptText).toContain('Date paid January 7, 2030 at 3:00 AM UTC');
    expect(receiptText).toContain('Payment method Card ending in 4242');
    await provider.refund({
      paymentIntentId: session.paymentIntentId!,
      amountCents: 1500,
      idempotencyKey: `refund-${sessionId}`,
      reference: `refund-${sessionId}`,
    });
    const refunded = await get(new URL(session.receiptUrl!).pathname);
    expect(visibleText(refunded.text)).toContain('Refunded $15.00');

    const again = await submit(`${path}/pay`, GOOD);
    expect(again.status).toBe(409);
    expect(visibleText(again.text)).toContain(PAGE_TEXT.alreadyPaid);
    expect(again.text).toContain(`href="${t.url}/payment/success?session_id=${sessionId}`);
    expect(deliveries).toHaveLength(1);
  });

  it('shows Payment Failed for the declined card, and the session stays open for another try', async () => {
    const { sessionId, path, request } = await newSession();
    const declined = await submit(`${path}/pay`, { ...GOOD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(visibleText(declined.text)).toContain(`Payment Failed ${CARD_TEXT.declined}`);
    // Try Again keeps the cardholder's name, and only that.
    expect(declined.text).toMatch(
      new RegExp(
        `<a class="button primary" href="${path}\\?name=Ada\\+Lovelace">\\s*Try Again\\s*</a>`,
      ),
    );
    const retry = await get(`${path}?name=Ada+Lovelace`);
    expect(retry.status).toBe(200);
    expect(retry.text).toContain('value="Ada Lovelace"');
    expect(retry.text).not.toContain('value="4000');
    expect(declined.text).toContain(`action="${path}/cancel"`);
    expect((await provider.retrieveSession(sessionId)).status).toBe('open');
    expect(deliveries).toEqual([]);

    const cancel = await submit(`${path}/cancel`);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(request.cancelUrl);

    expect((await submit(`${path}/pay`, GOOD)).status).toBe(303);
  });

  it('says the card has insufficient funds for 9995', async () => {
    const { path } = await newSession();
    const page = await submit(`${path}/pay`, { ...GOOD, cardNumber: '4000000000009995' });
    expect(page.status).toBe(402);
    expect(visibleText(page.text)).toContain(`Payment Failed ${CARD_TEXT.insufficientFunds}`);
  });

  it('points at each mistake in the form, keeps what was typed but never the CVC', async () => {
    const { sessionId, path } = await newSession();
    const page = await submit(`${path}/pay`, {
      cardNumber: '4242 4242 4242 4241',
      expiry: '12 / 29',
      cvc: '12',
      name: 'Ada <b>Lovelace</b>',
    });
    expect(page.status).toBe(422);
    const text = visibleText(page.text);
    for (const message of [CARD_TEXT.invalidNumber, CARD_TEXT.pastExpiry, CARD_TEXT.invalidCvc])
      expect(text).toContain(message);
    expect(tagWithId(page.text, 'card-number')).toContain('value="4242 4242 4242 4241"');
    expect(tagWithId(page.text, 'card-number')).toContain(
      'aria-invalid="true" aria-describedby="card-number-error"',
    );
    expect(tagWithId(page.text, 'card-name')).toContain('value="Ada &lt;b&gt;Lovelace&lt;/b&gt;"');
    expect(tagWithId(page.text, 'card-name')).not.toContain('aria-invalid');
    expect(tagWithId(page.text, 'card-cvc')).toContain('value=""');
    expect((await provider.retrieveSession(sessionId)).status).toBe('open');
  });

  it('refuses to take payment once the hold lapsed, and says the session expired', async () => {
    const { sessionId, path } = await newSession();
    clock.advance(15 * MINUTE);
    const page = await get(path);
    expect(page.status).toBe(410);
    expect(visibleText(page.text)).toContain(PAGE_TEXT.expired);
    expect(visibleText(page.text)).not.toContain('Pay $45.00');
    const pay = await submit(`${path}/pay`, GOOD);
    expect(pay.status).toBe(409);
    expect(visibleText(pay.text)).toContain(PAGE_TEXT.expired);
    expect(await provider.retrieveSession(sessionId)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });
    expect(deliveries).toEqual([]);
  });

  it('refuses a payment posted from another site', async () => {
    const { sessionId, path } = await newSession();
    const crossSite = await submit(`${path}/pay`, GOOD, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await submit(`${path}/pay`, GOOD, {
      'sec-fetch-site': '',
      origin: 'https://evil.example',
    });
    expect(otherOrigin.status).toBe(403);
    expect((await provider.retrieveSession(sessionId)).status).toBe('open');
    // A same-origin form under helmet's no-referrer policy says Origin: null.
    expect((await submit(`${path}/pay`, GOOD, { origin: 'null' })).status).toBe(303);
  });

  it('answers an unknown session or receipt with a 404 page', async () => {
    for (const path of [
      '/checkout/local/cs_local_00000000000000000000000000000000',
      '/checkout/local/not-a-session',
      '/checkout/local/receipts/pi_local_00000000000000000000000000000000',
    ]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
    }
    const pay = await submit('/checkout/local/cs_local_00000000000000000000000000000000/pay', GOOD);
    expect(pay.status).toBe(404);
  });

  it('lets the forms redirect to success and cancel pages on another origin (Vite in development)', async () => {
    const { path } = await newSession({
      successUrl: 'http://localhost:5173/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:5173/payment/cancel',
    });
    const page = await get(path);
    expect(page.headers.get('content-security-policy')).toMatch(
      /form-action 'self' http:\/\/localhost:5173(;|$)/,
    );
  });
});
