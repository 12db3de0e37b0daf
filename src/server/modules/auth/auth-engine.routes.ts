import type { FastifyPluginAsync } from 'fastify';
import { fetchHeaders } from '../../http/headers';
import { AUTH_BASE_PATH } from './auth';

/**
 * The one Better Auth endpoint the browser reaches directly: the OAuth provider redirects
 * back to it. Everything else goes through our own routes (auth.routes.ts).
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
