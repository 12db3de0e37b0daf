import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/payments.contract';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { WebhookSignatureError } from '../../adapters/payments/payment-provider';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { requireRole, signedInUser } from '../auth/auth.guards';
import { cancelCheckout, confirmCheckout, paymentOfStudent } from './checkout-actions';
import { fulfilCheckout } from './fulfil-checkout';
import { startCheckout } from './start-checkout';

export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const student = { tags: ['payments'], preHandler: requireRole('student') };

  route(app, contract.startCheckout, student, async (request) =>
    startCheckout(ctx(), signedInUser(request).id, request.body),
  );

  route(app, contract.confirmCheckout, student, async (request) =>
    confirmCheckout(ctx(), signedInUser(request).id, request.params.id),
  );

  route(app, contract.cancelCheckout, student, async (request) => ({
    payment: await cancelCheckout(ctx(), signedInUser(request).id, request.params.id),
  }));

  route(app, contract.getPayment, student, async (request) => ({
    payment: await paymentOfStudent(ctx(), signedInUser(request).id, request.params.id),
  }));

  await app.register(webhookRoutes);
};

/**
 * The provider's webhook, in its own scope: JSON bodies stay raw bytes here, because the
 * signature covers the exact bytes sent.
 */
const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(app, contract.paymentWebhook, { tags: ['payments'] }, async (request) => {
    const ctx = app.deps;
    if (request.params.provider !== ctx.paymentProvider.name)
      throw new AppError('NOT_FOUND', P.checkoutSessionNotFound);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = ctx.paymentProvider.parseWebhook(body, request.headers, ctx.clock.now());
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new AppError('BAD_REQUEST', P.webhookSignatureInvalid);
      throw error;
    }
    // Events we do not act on, and sessions that are not ours, are acknowledged and ignored.
    if (event) await fulfilCheckout(ctx, event.session, event);
    return { received: true as const };
  });
};
