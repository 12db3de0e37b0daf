import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  currentSession,
  deliverCompletedWebhook,
  payLocalCheckout,
  type LocalCheckoutDeps,
} from './local-checkout-payment';
import { CHECKOUT_SCRIPT, CHECKOUT_SCRIPT_PATH } from './local-checkout-script';
import {
  checkoutPage,
  notFoundPage,
  paymentFailedPage,
  receiptNotFoundPage,
  receiptPage,
  refusedPage,
  sessionClosedPage,
} from './local-checkout-page';
import * as repository from './local-checkout.repository';
import type { LocalSessionRow } from './local-checkout.repository';
import {
  assertLocalCheckoutAllowed,
  PAYMENT_INTENT_ID_PATTERN,
  successUrlOf,
  type LocalProviderDeps,
} from './local-provider';
import type { CardForm } from './local-test-cards';
import { FORM_BODY } from '../../../contracts/endpoint';

// The local provider's hosted checkout, served by our own server outside the SPA: the card
// page, Pay and Cancel (plain form posts, no JavaScript needed) and receipts. Register it only
// when the local provider is the one in use.

type Params = { Params: { sessionId: string } };

const FORM_BODY_LIMIT = 16 * 1024;

/** A form field as a string, whatever the body turned out to be. */
function formField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

function cardForm(body: unknown): CardForm {
  return {
    cardNumber: formField(body, 'cardNumber'),
    expiry: formField(body, 'expiry'),
    cvc: formField(body, 'cvc'),
    name: formField(body, 'name'),
  };
}

/**
 * Lets the checkout's forms land on the success and cancel URLs after our redirect, when those
 * are on another origin (the Vite dev server): CSP form-action also governs redirects.
 */
function allowFormRedirects(reply: FastifyReply, ownOrigin: string, session: LocalSessionRow) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const origins = new Set(
    [session.success_url, session.cancel_url]
      .map((url) => URL.canParse(url) && new URL(url).origin)
      .filter((origin): origin is string => Boolean(origin) && origin !== ownOrigin),
  );
  if (origins.size === 0) return;
  reply.header(
    'content-security-policy',
    policy.replace(
      /form-action ([^;]*)/,
      (_, sources) => `form-action ${sources} ${[...origins].join(' ')}`,
    ),
  );
}

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

export const localCheckoutRoutes: FastifyPluginAsync<LocalProviderDeps> = async (app, options) => {
  assertLocalCheckoutAllowed(options);
  // Pages for a browser, not API operations: kept out of the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
    route.config = { ...route.config, accepts: [FORM_BODY] };
  });
  const deps: LocalCheckoutDeps = options;
  const publicOrigin = new URL(deps.publicUrl).origin;

  // Browsers post the card form urlencoded; this parser is scoped to these routes.
  app.addContentTypeParser(
    FORM_BODY,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // Pay and Cancel come from the checkout page itself; a form on another site is refused. With
  // helmet's no-referrer policy a same-origin form post says Origin: null, so Sec-Fetch-Site
  // decides when the browser sends it.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameOrigin =
      site !== undefined
        ? site === 'same-origin'
        : origin === undefined ||
          origin === publicOrigin ||
          origin === `${request.protocol}://${request.host}`;
    if (!sameOrigin) return sendPage(reply, 403, refusedPage());
  });

  app.get(CHECKOUT_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(CHECKOUT_SCRIPT),
  );

  app.get<Params & { Querystring: { name?: unknown } }>(
    '/checkout/local/:sessionId',
    async (request, reply) => {
      const session = await currentSession(deps, request.params.sessionId);
      if (!session) return sendPage(reply, 404, notFoundPage());
      allowFormRedirects(reply, publicOrigin, session);
      // Try Again after a refused card keeps the name typed (the link carries it).
      const { name } = request.query;
      const values = typeof name === 'string' ? { name: name.slice(0, 100) } : {};
      if (session.status === 'open')
        return sendPage(reply, 200, checkoutPage({ session, now: deps.clock.now(), values }));
      return sendPage(reply, session.status === 'expired' ? 410 : 200, sessionClosedPage(session));
    },
  );

  app.post<Params>('/checkout/local/:sessionId/pay', async (request, reply) => {
    const form = cardForm(request.body);
    const outcome = await payLocalCheckout(deps, request.params.sessionId, form);
    switch (outcome.kind) {
      case 'not-found':
        return sendPage(reply, 404, notFoundPage());
      case 'not-open':
        return sendPage(reply, 409, sessionClosedPage(outcome.session));
      case 'invalid': {
        allowFormRedirects(reply, publicOrigin, outcome.session);
        const { cardNumber, expiry, name } = form;
        const page = checkoutPage({
          session: outcome.session,
          now: deps.clock.now(),
          values: { cardNumber, expiry, name },
          errors: outcome.errors,
        });
        return sendPage(reply, 422, page);
      }
      case 'declined':
        allowFormRedirects(reply, publicOrigin, outcome.session);
        return sendPage(
          reply,
          402,
          paymentFailedPage(outcome.session, deps.clock.now(), outcome.reason, form.name),
        );
      case 'paid':
        // As a provider does: our webhook hears of the payment before the browser comes back.
        await deliverCompletedWebhook(deps, outcome.session, request.log);
        return reply
          .header('cache-control', 'no-store')
          .redirect(successUrlOf(outcome.session), 303);
    }
  });

  app.post<Params>('/checkout/local/:sessionId/cancel', async (request, reply) => {
    const session = await currentSession(deps, request.params.sessionId);
    if (!session) return sendPage(reply, 404, notFoundPage());
    // Paid in another tab meanwhile: leaving through Cancel would tell the student otherwise.
    if (session.status === 'complete') return sendPage(reply, 409, sessionClosedPage(session));
    return reply.header('cache-control', 'no-store').redirect(session.cancel_url, 303);
  });

  app.get<{ Params: { paymentIntentId: string } }>(
    '/checkout/local/receipts/:paymentIntentId',
    async (request, reply) => {
      const { paymentIntentId } = request.params;
      const session = PAYMENT_INTENT_ID_PATTERN.test(paymentIntentId)
        ? await repository.sessionByPaymentIntent(deps.db, paymentIntentId)
        : undefined;
      if (!session || session.payment_status !== 'paid')
        return sendPage(reply, 404, receiptNotFoundPage());
      return sendPage(reply, 200, receiptPage({ ...session, payment_intent_id: paymentIntentId }));
    },
  );
};
