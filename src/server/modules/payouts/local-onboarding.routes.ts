import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { parseBankForm, type BankForm } from '../../../domain/ledger/bank-details';
import { completeLocalOnboarding, findOnboarding } from './payout-account';
import { onboardingNotFoundPage, onboardingPage } from './local-onboarding-page';
import { FORM_BODY } from '../../../contracts/endpoint';

// The built-in payout provider's onboarding page (outside the SPA): a plain form post, checked
// on the server; a good one saves the account and goes back to the tutor's Earnings.

type Params = { Params: { token: string } };

const FORM_BODY_LIMIT = 16 * 1024;

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

const text = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, 200) : '';
};

export const localOnboardingRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
    route.config = { ...route.config, accepts: [FORM_BODY] };
  });
  app.addContentTypeParser(
    FORM_BODY,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // The form comes from this page only: a post from another site is refused.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST' && request.headers['sec-fetch-site'] === 'cross-site')
      return sendPage(reply, 403, onboardingNotFoundPage());
  });

  app.get<Params>('/payouts/local/onboarding/:token', async (request, reply) => {
    const account = await findOnboarding(app.deps, request.params.token);
    if (!account) return sendPage(reply, 404, onboardingNotFoundPage());
    return sendPage(reply, 200, onboardingPage(request.url));
  });

  app.post<Params>('/payouts/local/onboarding/:token', async (request, reply) => {
    const account = await findOnboarding(app.deps, request.params.token);
    if (!account) return sendPage(reply, 404, onboardingNotFoundPage());
    const form: BankForm = {
      legalName: text(request.body, 'legalName'),
      country: text(request.body, 'country'),
      iban: text(request.body, 'iban'),
      accountNumber: text(request.body, 'accountNumber'),
      routingNumber: text(request.body, 'routingNumber'),
    };
    const parsed = parseBankForm(form);
    if (!parsed.ok) return sendPage(reply, 422, onboardingPage(request.url, form, parsed.errors));
    await completeLocalOnboarding(app.deps, account.id, parsed.details);
    return reply.redirect(`${app.deps.env.PUBLIC_URL}/tutor/earnings?payouts=ready`, 303);
  });
};
