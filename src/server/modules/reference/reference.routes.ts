import type { FastifyPluginAsync } from 'fastify';
import { getReference } from '../../../contracts/reference.contract';
import { route } from '../../http/route';
import { matchesEtag, referenceCache } from './reference-cache';

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  const cache = referenceCache(app.deps.db);
  route(app, getReference, { tags: ['reference'] }, async (request, reply) => {
    const { json, etag } = await cache.get();
    // Shared and rarely changed: browsers and proxies keep it briefly, then revalidate.
    reply.header('cache-control', 'public, max-age=300').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    // Already serialized (and checked against the contract when it was read).
    return reply.type('application/json; charset=utf-8').send(json);
  });
};
