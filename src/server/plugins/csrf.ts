import type { FastifyInstance } from 'fastify';
import { API_MESSAGES as M } from '../../domain/messages';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes: a state-changing /api request must come from
 * our own origin. Browsers send Origin on cross-site POSTs and Sec-Fetch-Site everywhere
 * modern; non-browser clients (no Origin) cannot carry a victim's cookies, and JSON bodies
 * need a CORS preflight we never grant.
 */
export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: string[]) {
  const allowed = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new AppError('FORBIDDEN', M.crossSiteRefused);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !allowed.has(origin)) throw new AppError('FORBIDDEN', M.crossSiteRefused);
  });
}
