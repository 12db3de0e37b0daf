import type { FastifyPluginAsync } from 'fastify';
import { getReference } from '../../../contracts/reference.contract';
import { route } from '../../http/route';
import { loadReferenceData } from './reference.service';

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  route(app, getReference, { tags: ['reference'] }, async (_request, reply) => {
    // Shared and rarely changed: let browsers and proxies keep it briefly.
    reply.header('cache-control', 'public, max-age=300');
    return loadReferenceData(app.deps.db);
  });
};
