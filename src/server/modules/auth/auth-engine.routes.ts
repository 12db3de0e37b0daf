import type { FastifyPluginAsync } from 'fastify';
import { fetchHeaders } from '../../http/headers';
import { AUTH_BASE_PATH } from './auth';

/**
 * The one Better Auth endpoint the browser reaches directly: the OAuth provider redirects
 * back to it. Everything else goes through our own routes (auth.routes.ts).
 *
 * Deliberately without a contract and hidden from /api/docs: it is a pass-through whose
 * answer (a redirect, or Better Auth's own error page) is Better Auth's, not ours; no client of
 * ours calls it, Google's redirect does.
 */
export const authEngineRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    `${AUTH_BASE_PATH}/callback/:providerId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const url = new URL(request.url, app.deps.env.PUBLIC_URL);
      const response = await app.deps.auth.handler(
        new Request(url, { method: 'GET', headers: fetchHeaders(request) }),
      );
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  );
};
