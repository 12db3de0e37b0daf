import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

// Which provider the settings choose, through the app as it starts: the Stripe SDK is loaded
// only when Stripe is configured (ADR 042), so this is the test that the loading still works.

const STRIPE_SETTINGS = {
  STRIPE_SECRET_KEY: 'sk_test_settings',
  STRIPE_WEBHOOK_SECRET: 'whsec_payments',
  STRIPE_PAYOUTS_WEBHOOK_SECRET: 'whsec_payouts',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
};

describe('the configured payment provider', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is Stripe Checkout, and payouts go through Stripe Connect, when Stripe is configured', async () => {
    t = await startTestApp('pglite', STRIPE_SETTINGS);
    const { deps } = t.app;
    expect(deps.paymentProvider.name).toBe('stripe');
    expect(deps.stripeConnect?.webhookSecrets).toEqual(['whsec_payouts', 'whsec_connect']);
    expect(typeof deps.stripeConnect?.stripe.transfers.create).toBe('function');
  });

  it('is the built-in checkout, with no Stripe Connect, when it is not', async () => {
    t = await startTestApp('pglite');
    expect(t.app.deps.paymentProvider.name).toBe('local');
    expect(t.app.deps.stripeConnect).toBeUndefined();
  });
});
