import type { FastifyPluginAsync } from 'fastify';
import { getReference } from '../../../contracts/reference.contract';
import { route } from '../../http/route';
import { matchesEtag, preferredEncoding, referenceCache } from './reference-cache';

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  const cache = referenceCache(app.deps.db);
  route(app, getReference, { tags: ['reference'] }, async (request, reply) => {
    const { json, etag, encoded } = await cache.get();
    // Shared and rarely changed: browsers and proxies keep it briefly, then revalidate.
    reply
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag)
      .header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    // Already serialized (and checked against the contract when it was read) and compressed.
    reply.type('application/json; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(json);
    return reply.header('content-encoding', encoding).send(encoded[encoding]);
  });
};
