import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/payouts.contract';
import { route } from '../../http/route';
import { requireRole, signedInUser } from '../auth/auth.guards';
import { adjustTutorBalance, financeOverview, retryFailedPayout } from './finance';

export const financeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const admin = { tags: ['admin'], preHandler: requireRole('admin') };

  route(app, contract.getFinance, admin, async () => financeOverview(ctx()));
  route(app, contract.adjustBalance, admin, async (request) => {
    await adjustTutorBalance(ctx(), signedInUser(request).id, request.body);
    return { ok: true as const };
  });
  route(app, contract.retryPayout, admin, async (request) => ({
    payoutId: await retryFailedPayout(ctx(), signedInUser(request).id, request.params.id),
  }));
};
