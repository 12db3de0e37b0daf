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

export async function payLocalCheckout(
  deps: LocalCheckoutDeps,
  sessionId: string,
  form: CardForm,
): Promise<PayOutcome> {
  const session = await currentSession(deps, sessionId);
  if (!session) return { kind: 'not-found' };
  if (session.status !== 'open') return { kind: 'not-open', session };

  const now = deps.clock.now();
  const check = checkCard(form, now);
  if (check.outcome === 'invalid') return { kind: 'invalid', session, errors: check.errors };
  if (check.outcome === 'declined') return { kind: 'declined', session, reason: check.reason };

  const paid = await repository.completeOpenSession(deps.db, session.id, {
    paymentIntentId: newId('pi'),
    cardLast4: check.last4,
    now,
  });
  if (!paid) {
    // Someone else paid it, or its time ran out, between the read and this write.
    const latest = await currentSession(deps, session.id);
    return { kind: 'not-open', session: latest ?? session };
  }
  return { kind: 'paid', session: paid };
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
