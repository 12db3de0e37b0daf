import { createHmac } from 'node:crypto';
import { verifySignature, signatureHeader } from '../../adapters/payments/local-webhook-signature';
import type { PayoutEvent } from './payout-provider';

// The built-in payout provider's webhooks are signed like the local checkout's (Tutora-Signature,
// HMAC-SHA256 over "<t>.<body>"), with a secret of their own derived from the app's secret.

const SECRET_LABEL = 'tutora:local-payout-webhook:v1';

export const deriveLocalPayoutSecret = (signingSecret: string) =>
  createHmac('sha256', signingSecret).update(SECRET_LABEL).digest('hex');

export const signPayoutEvent = (secret: string, body: string, now: Date) =>
  signatureHeader(secret, body, now);

/** The event of a signed delivery; throws WebhookSignatureError when it is not ours. */
export function parsePayoutEvent(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
): PayoutEvent {
  verifySignature(secret, rawBody, header, now);
  return JSON.parse(rawBody.toString('utf8')) as PayoutEvent;
}
