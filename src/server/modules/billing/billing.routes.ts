import type { FastifyPluginAsync } from 'fastify';
import { getEarnings } from '../../../contracts/packages.contract';
import { getBilling, getReceipt } from '../../../contracts/payments.contract';
import { route } from '../../http/route';
import { requireRole, requireUser, signedInUser } from '../auth/auth.guards';
import { billingOf } from './billing';
import { earningsOf } from './earnings';
import { receiptFor } from './receipt';

export const billingRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;

  route(
    app,
    getBilling,
    { tags: ['billing'], preHandler: requireRole('student') },
    async (request) => billingOf(ctx(), signedInUser(request).id),
  );

  route(app, getReceipt, { tags: ['billing'], preHandler: requireUser }, async (request) => ({
    receipt: await receiptFor(ctx(), signedInUser(request), request.params.id),
  }));

  route(
    app,
    getEarnings,
    { tags: ['billing'], preHandler: requireRole('tutor') },
    async (request) => earningsOf(ctx(), signedInUser(request).id),
  );
};
