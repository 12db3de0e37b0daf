import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/admin-users.contract';
import { route } from '../../http/route';
import { requireRole, signedInUser } from '../auth/auth.guards';
import { adminUser, searchUsers } from './admin-users';
import { restoreUser, suspendUser } from './suspend-user';

// The admin's users pages and suspensions (issue #15): admins only, every route.
export const adminUsersRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const admin = { tags: ['admin'], preHandler: requireRole('admin') };

  route(app, contract.searchUsers, admin, async (request) => searchUsers(ctx(), request.query));

  route(app, contract.getAdminUser, admin, async (request) => adminUser(ctx(), request.params.id));

  route(app, contract.suspendUser, admin, async (request) =>
    suspendUser(ctx(), signedInUser(request), request.params.id, request.body),
  );

  route(app, contract.restoreUser, admin, async (request) =>
    restoreUser(ctx(), signedInUser(request), request.params.id, request.body),
  );
};
