import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Env } from '../../env';
import type { Clock } from '../clock';
import { localProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { stripeProvider } from './stripe-provider';

/**
 * The payment provider the settings choose: Stripe Checkout when STRIPE_SECRET_KEY is set,
 * else the built-in hosted checkout (test cards, no real money; refused in production unless
 * LOCAL_CHECKOUT_IN_PRODUCTION=true, which env.ts also checks).
 */
export function configuredPaymentProvider(
  env: Env,
  db: Kysely<DB>,
  sessionSecret: string,
  clock: Clock,
): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) {
    return stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    });
  }
  return localProvider({
    db,
    publicUrl: env.PUBLIC_URL,
    webhookSecret: localWebhookSecret(sessionSecret),
    clock,
    nodeEnv: env.NODE_ENV,
    allowInProduction: env.LOCAL_CHECKOUT_IN_PRODUCTION,
  });
}

/** The local checkout's webhook key: derived from the session secret, so every process agrees. */
export const localWebhookSecret = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('tutora local checkout webhooks').digest('hex');
