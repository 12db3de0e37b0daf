import type { FastifyInstance } from 'fastify';
import { API_MESSAGES as M } from '../../domain/messages';
import { AppError } from '../errors';
import { nonCanonicalReason, rawPathOf } from '../http/request-path';

/**
 * Refuses a request whose path is not in canonical form (`/%61pi/…`, `/api//…`, `/API/…`,
 * `/api/./…`, `/api/%2e/…`) before any other hook reads it: the router would match such a path
 * to a route that hooks reading the raw URL took for another (ADR 023). Register it first.
 */
export function registerCanonicalPath(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const reason = nonCanonicalReason(rawPathOf(request.url));
    if (reason !== undefined) throw new AppError('BAD_REQUEST', M.pathNotCanonical(reason));
  });
}
