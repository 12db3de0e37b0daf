import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment-provider';

// The local checkout signs its webhooks the way Stripe does: a header
// `Tutora-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The
// timestamp is inside the signed text, so an old delivery cannot be replayed with a new time.

/** Node lower-cases incoming header names. */
export const LOCAL_SIGNATURE_HEADER = 'tutora-signature';

/** How far a delivery's timestamp may be from the receiver's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const SECRET_LABEL = 'tutora:local-checkout-webhook:v1';

/**
 * The webhook secret every API process derives from the app's signing secret: they all agree
 * without another setting, and it is not the signing secret itself.
 */
export function deriveLocalWebhookSecret(signingSecret: string): string {
  return createHmac('sha256', signingSecret).update(SECRET_LABEL).digest('hex');
}

const hmac = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

/** The header value for a delivery of `rawBody` at `now`. */
export function signatureHeader(secret: string, rawBody: Buffer | string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

/**
 * Throws WebhookSignatureError unless the header carries a v1 signature of this body by this
 * secret, made within the tolerance of `now` (in the past or, for skewed clocks, the future).
 */
export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
): void {
  if (typeof header !== 'string' || header === '')
    throw new WebhookSignatureError('Missing Tutora-Signature header');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new WebhookSignatureError('Malformed Tutora-Signature header');
  const skewSeconds = Math.abs(now.getTime() / 1000 - timestamp);
  if (skewSeconds > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('Webhook timestamp is outside the tolerance');
  const expected = hmac(secret, timestamp, rawBody);
  if (!signatures.some((signature) => timingSafeEqual(signature, expected)))
    throw new WebhookSignatureError('Webhook signature does not match');
}
