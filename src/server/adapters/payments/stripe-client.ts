import type Stripe from 'stripe';
import { WebhookSignatureError } from './payment-provider';

// What Stripe Checkout (payments) and Stripe Connect (payouts) share: the SDK client, pointed at
// a local fake in tests, and the checking of a webhook's signature against our clock.

/** Stripe refuses webhooks older than this, and so do we (seconds, Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The SDK; `apiBase` (`http://127.0.0.1:PORT`) points it at a local fake. Loaded on first use:
 * a process without Stripe settings never needs its ~6 MB of code (ADR 042).
 */
export async function stripeClient(secretKey: string, apiBase?: string): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(secretKey, {
    ...(apiBase ? apiOrigin(apiBase) : {}),
    // A request of ours waits on each call: fail in seconds rather than the SDK's 80.
    timeout: 20_000,
    telemetry: false,
  });
}

/** The SDK's host, port and protocol for an origin such as http://127.0.0.1:4242. */
function apiOrigin(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The event of a delivery signed with one of `secrets` (an endpoint has one; the payouts'
 * endpoint hears both the platform's events and its connected accounts'), within the tolerance
 * of `now`; else WebhookSignatureError.
 */
export function constructStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  header: string | string[] | undefined,
  secrets: string[],
  now: Date,
): Stripe.Event {
  if (typeof header !== 'string') throw new WebhookSignatureError('No Stripe-Signature header');
  // Stripe's SDK measures the age against the machine's clock; ours is the injected one, and
  // a delivery stamped far in the future is as suspect as one from the past.
  const signedAt = Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(header)?.[1]);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!Number.isSafeInteger(signedAt)) {
    throw new WebhookSignatureError('The Stripe-Signature header has no timestamp');
  }
  if (Math.abs(nowSeconds - signedAt) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The webhook timestamp is outside the tolerance');
  }
  let failure = 'No webhook secret is configured';
  for (const secret of secrets.filter(Boolean)) {
    try {
      return stripe.webhooks.constructEvent(
        rawBody,
        header,
        secret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        now.getTime(),
      );
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  throw new WebhookSignatureError(failure);
}
