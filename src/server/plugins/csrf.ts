import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_BODY } from '../../contracts/endpoint';
import { API_MESSAGES as M } from '../../domain/messages';
import { AppError } from '../errors';
import { isApiPath, pathOf } from '../http/request-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The media types a state-changing request to this route may carry (lower case, without
     * parameters). Unset: JSON only. A request without a body needs none.
     */
    accepts?: readonly string[];
  }
}

/**
 * CSRF defence for cookie-authenticated writes (ADR 023). A state-changing /api request must
 * come from our own origin: browsers send Origin on cross-site POSTs and Sec-Fetch-Site
 * everywhere modern; non-browser clients (no Origin) cannot carry a victim's cookies. And its
 * body must be of a type its route declares, so a browser's "simple" cross-site request
 * (text/plain, a form, a typeless Blob) never carries a body we act on, even from a page whose
 * Origin we trust. Both read the matched route, never the raw URL.
 */
export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: string[]) {
  const allowed = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    refuseUndeclaredBody(request);
    if (!isApiPath(pathOf(request))) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new AppError('FORBIDDEN', M.crossSiteRefused);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !allowed.has(origin)) throw new AppError('FORBIDDEN', M.crossSiteRefused);
  });
}

/** 415 for a body whose type the matched route does not take, or a body without a type. */
function refuseUndeclaredBody(request: FastifyRequest) {
  // No route matched: the 404 answers, and no handler reads the body.
  if (request.routeOptions.url === undefined) return;
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type === undefined || type === '') {
    if (hasBody(request)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.bodyTypeMissing);
    return;
  }
  const accepts = request.routeOptions.config.accepts ?? [JSON_BODY];
  if (!accepts.includes(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.bodyTypeRefused(type, accepts));
}

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}
