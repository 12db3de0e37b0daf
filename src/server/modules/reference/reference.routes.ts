import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceDataResponse } from '../../../contracts/reference.contract';
import { loadReferenceData } from './reference.service';

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reference',
    {
      schema: {
        tags: ['reference'],
        summary: 'Reference data for forms: active rows in display order, plus settings',
        response: { 200: referenceDataResponse },
      },
    },
    async (_request, reply) => {
      // Shared and rarely changed: let browsers and proxies keep it briefly.
      reply.header('cache-control', 'public, max-age=300');
      return loadReferenceData(app.deps.db);
    },
  );
};
