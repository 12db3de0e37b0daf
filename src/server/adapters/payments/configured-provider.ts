import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Env } from '../../env';
import type { Clock } from '../clock';
import { localProvider, type LocalProviderDeps } from './local-provider';
import { deriveLocalWebhookSecret } from './local-webhook-signature';
import type { PaymentProvider } from './payment-provider';
import { stripeProvider } from './stripe-provider';

/**
 * The payment provider the settings choose: Stripe Checkout when STRIPE_SECRET_KEY is set,
 * else the built-in hosted checkout (test cards, no real money; refused in production unless
 * LOCAL_CHECKOUT_IN_PRODUCTION=true, which env.ts also checks). For the built-in one, also the
 * settings its hosted page is served with.
 */
export async function configuredPaymentProvider(
  env: Env,
  db: Kysely<DB>,
  sessionSecret: string,
  clock: Clock,
): Promise<{ provider: PaymentProvider; localCheckout?: LocalProviderDeps }> {
  if (env.STRIPE_SECRET_KEY) {
    return {
      provider: await stripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      }),
    };
  }
  const localCheckout = localCheckoutDeps(env, db, sessionSecret, clock);
  return { provider: localProvider(localCheckout), localCheckout };
}

export const localCheckoutDeps = (
  env: Env,
  db: Kysely<DB>,
  sessionSecret: string,
  clock: Clock,
): LocalProviderDeps => ({
  db,
  publicUrl: env.PUBLIC_URL,
  webhookSecret: deriveLocalWebhookSecret(sessionSecret),
  clock,
  nodeEnv: env.NODE_ENV,
  allowInProduction: env.LOCAL_CHECKOUT_IN_PRODUCTION,
});
