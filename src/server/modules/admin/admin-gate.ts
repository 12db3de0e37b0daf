import type { FastifyInstance } from 'fastify';
import { pathOf } from '../../http/request-path';
import { requireRole } from '../auth/auth.guards';

// Every /api/admin request is for admins only, whoever wrote the route: one gate before
// anything else runs (body parsing, validation, the route's own guards), so a guest gets 401
// and a student or tutor 403 even on a route that forgot requireRole, or with a bad body.
// Each admin route still names requireRole('admin') itself (its documented errors).
// The admin routes are also listed as they are registered: the guard test walks them.

export const ADMIN_API_PREFIX = '/api/admin';

export interface AdminRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/admin, as registered (method and URL pattern). */
    adminRoutes: AdminRoute[];
  }
}

export function isAdminPath(path: string | undefined) {
  return (
    path !== undefined && (path === ADMIN_API_PREFIX || path.startsWith(`${ADMIN_API_PREFIX}/`))
  );
}

/** Call before any route is registered (onRoute sees only routes added after it). */
export function registerAdminGate(app: FastifyInstance) {
  const guard = requireRole('admin');
  app.decorate('adminRoutes', [] as AdminRoute[]);
  app.addHook('onRoute', (route) => {
    if (!isAdminPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.adminRoutes.push({ method, url: route.url });
  });
  app.addHook('onRequest', async function adminGate(request, reply) {
    // The matched route's pattern, else the (canonical) path sent: an unknown admin path too.
    if (isAdminPath(pathOf(request))) {
      await guard.call(this, request, reply);
    }
  });
}
