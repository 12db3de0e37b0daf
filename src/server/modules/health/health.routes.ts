import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contracts/error.contract';
import { isReachable } from './health.repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const reachable = await isReachable(app.deps.db);
      reply.header('cache-control', 'no-store');
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { reachable, driver: app.deps.driver },
        version: app.deps.version,
      });
    },
  );
};
