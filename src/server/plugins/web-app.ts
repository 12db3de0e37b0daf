import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '../../contracts/error-codes';

// Serves the built SPA from dist/web: hashed assets are cached for a year, index.html never,
// and any non-API GET that accepts HTML gets index.html so client-side routes survive reload.
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error: ErrorResponse = {
      error: {
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      },
    };
    return reply.code(404).send(error);
  });
}
