import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/payouts.contract';
import { PAYOUT_MESSAGES as M } from '../../../domain/ledger/payout-messages';
import { WebhookSignatureError } from '../../adapters/payments/payment-provider';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { requireRole, signedInUser } from '../auth/auth.guards';
import { tutorProfileIdOf } from '../lessons/lessons.repository';
import { applyPayoutEvent } from './apply-payout-event';
import { deriveLocalPayoutSecret, parsePayoutEvent } from './local-payout-webhook';
import { startOnboarding } from './payout-account';
import type { PayoutEvent } from './payout-provider';
import { withdraw } from './request-payout';
import { parseStripePayoutEvent } from './stripe-payout-provider';
import { tutorPayoutsOf } from './tutor-payouts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app';

export const payoutsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const tutor = { tags: ['payouts'], preHandler: requireRole('tutor') };
  const profileOf = async (request: FastifyRequest) => {
    const id = await tutorProfileIdOf(ctx().db, signedInUser(request).id);
    if (!id) throw new AppError('FORBIDDEN', M.tutorNotFound);
    return id;
  };

  route(app, contract.getTutorPayouts, tutor, async (request) =>
    tutorPayoutsOf(ctx(), await profileOf(request)),
  );
  route(app, contract.startPayoutOnboarding, tutor, async (request) =>
    startOnboarding(ctx(), await profileOf(request)),
  );
  route(app, contract.withdrawEarnings, tutor, async (request) => ({
    payoutId: await withdraw(ctx(), await profileOf(request)),
  }));

  await app.register(webhookRoutes);
};

/** The provider's webhook, in its own scope: the body stays raw bytes for the signature. */
const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(app, contract.payoutWebhook, { tags: ['payouts'] }, async (request) => {
    const ctx = app.deps;
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const event = parsedEvent(ctx, request.params.provider, body, request.headers);
    if (event) await applyPayoutEvent(ctx, request.params.provider, event);
    return { received: true as const };
  });
};

/** The provider's event, if it is signed by the provider (an event we do not act on: null). */
function parsedEvent(
  ctx: AppContext,
  provider: 'local' | 'stripe',
  body: Buffer,
  headers: FastifyRequest['headers'],
): PayoutEvent | null {
  if (provider === 'stripe' && !ctx.stripeConnect)
    throw new AppError('NOT_FOUND', M.providerNotConfigured);
  try {
    return provider === 'stripe' && ctx.stripeConnect
      ? parseStripePayoutEvent(
          ctx.stripeConnect,
          body,
          headers['stripe-signature'],
          ctx.clock.now(),
        )
      : parsePayoutEvent(
          deriveLocalPayoutSecret(ctx.signingSecret),
          body,
          headers['tutora-signature'],
          ctx.clock.now(),
        );
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError)
      throw new AppError('BAD_REQUEST', M.webhookSignatureInvalid);
    throw error;
  }
}
