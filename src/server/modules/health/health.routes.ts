import type { FastifyPluginAsync } from 'fastify';
import { getHealth } from '../../../contracts/health.contract';
import { route } from '../../http/route';
import { isReachable } from './health.repository';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, getHealth, { tags: ['health'] }, async (_request, reply) => {
    const reachable = await isReachable(app.deps.db);
    reply.header('cache-control', 'no-store');
    if (!reachable) reply.code(503);
    return {
      status: reachable ? ('ok' as const) : ('degraded' as const),
      database: { reachable, driver: app.deps.driver },
      version: app.deps.version,
    };
  });
};
