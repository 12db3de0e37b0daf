import type { FastifyBaseLogger } from 'fastify';
import * as repository from './local-checkout.repository';
import type { LocalSessionRow } from './local-checkout.repository';
import {
  newId,
  SESSION_ID_PATTERN,
  toSessionState,
  webhookEvent,
  webhookUrl,
  type LocalProviderDeps,
} from './local-provider';
import { checkCard, type CardField, type CardForm } from './local-test-cards';
import { LOCAL_SIGNATURE_HEADER, signatureHeader } from './local-webhook-signature';

// Paying on the local hosted checkout: check the card, mark the session paid (once, whatever
// races it), tell our webhook endpoint as a provider would, and say where the browser goes.

export type LocalCheckoutDeps = Pick<
  LocalProviderDeps,
  'db' | 'publicUrl' | 'webhookSecret' | 'clock'
>;

/** How long the page waits for our own webhook endpoint before redirecting anyway. */
const WEBHOOK_TIMEOUT_MS = 5000;

export type PayOutcome =
  | { kind: 'not-found' }
  /** Expired or already paid: nothing to charge. */
  | { kind: 'not-open'; session: LocalSessionRow }
  | { kind: 'invalid'; session: LocalSessionRow; errors: Partial<Record<CardField, string>> }
  | { kind: 'declined'; session: LocalSessionRow; reason: string }
  | { kind: 'paid'; session: LocalSessionRow };

/** A session as the page should show it now (an open one past its time is expired first). */
export function currentSession(deps: LocalCheckoutDeps, sessionId: string) {
  return SESSION_ID_PATTERN.test(sessionId)
    ? repository.sessionAt(deps.db, sessionId, deps.clock.now())
    : Promise.resolve(undefined);
}

/**
 * Takes the card for an open session. A good card is charged by one write that succeeds only
 * on an open, unexpired session (two Pay clicks or two processes cannot both pay); the session
 * is read only when that write or the card says no, to tell the page why.
 */
export async function payLocalCheckout(
  deps: LocalCheckoutDeps,
  sessionId: string,
  form: CardForm,
): Promise<PayOutcome> {
  if (!SESSION_ID_PATTERN.test(sessionId)) return { kind: 'not-found' };
  const now = deps.clock.now();
  const check = checkCard(form, now);
  const paid =
    check.outcome === 'paid'
      ? await repository.completeOpenSession(deps.db, sessionId, {
          paymentIntentId: newId('pi'),
          cardLast4: check.last4,
          now,
        })
      : undefined;
  if (paid) return { kind: 'paid', session: paid };

  const session = await currentSession(deps, sessionId);
  if (!session) return { kind: 'not-found' };
  // Expired, or paid already (by this card a moment ago, in another request), whatever the card.
  if (session.status !== 'open') return { kind: 'not-open', session };
  if (check.outcome === 'invalid') return { kind: 'invalid', session, errors: check.errors };
  if (check.outcome === 'declined') return { kind: 'declined', session, reason: check.reason };
  // A good card on a session still open: only a write racing ours can explain it; say so again.
  return { kind: 'not-open', session };
}

/**
 * POSTs the signed `checkout.session.completed` event to our webhook endpoint. A failure is
 * logged, never shown: the success page settles the payment through retrieveSession anyway.
 */
export async function deliverCompletedWebhook(
  deps: LocalCheckoutDeps,
  session: LocalSessionRow,
  log: FastifyBaseLogger,
): Promise<void> {
  const now = deps.clock.now();
  const event = webhookEvent(
    'checkout.session.completed',
    toSessionState(session, deps.publicUrl),
    now,
  );
  const body = JSON.stringify(event);
  const url = webhookUrl(deps.publicUrl);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signatureHeader(deps.webhookSecret, body, now),
      },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!response.ok)
      log.warn(
        { eventId: event.id, sessionId: session.id, status: response.status },
        'local checkout webhook refused',
      );
    await response.body?.cancel();
  } catch (error) {
    log.warn(
      { err: error, eventId: event.id, sessionId: session.id, url },
      'local checkout webhook not delivered',
    );
  }
}
