import type { FastifyPluginAsync } from 'fastify';
import { getAdminOverview, listAuditLog } from '../../../contracts/admin.contract';
import { route } from '../../http/route';
import { requireRole } from '../auth/auth.guards';
import * as shell from './admin-shell';
import { startAdminCountsDelivery } from './admin-counts-delivery';

export const adminShellRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const options = { tags: ['admin'], preHandler: requireRole('admin') };
  await startAdminCountsDelivery(app);

  route(app, getAdminOverview, options, async () => shell.overviewCounts(ctx()));
  route(app, listAuditLog, options, async (request) => shell.auditPage(ctx(), request.query.page));
};
