import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '../../contracts/error-codes';
import { isApiPath, pathOf } from '../http/request-path';

/** Hashed file names never change content: a browser may keep them for a year unasked. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The SPA shell names the current hashed files: always revalidated (ETag, 304 when unchanged). */
export const REVALIDATE = 'no-cache';

const ASSETS_DIR = `${path.sep}assets${path.sep}`;

// Serves the built SPA from dist/web. The build writes a .br and a .gz beside each file, which
// go out as they are to a browser that accepts them (no compression per request). Hashed assets
// are cached for a year; index.html (for / and every client-side route, so they survive a
// reload) is revalidated each time and answers 304 while it has not changed.
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(ASSETS_DIR) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !isApiPath(pathOf(request)) &&
      (request.headers.accept ?? '').includes('text/html');
    // The not-found handler starts at 404: the shell is a page (200), or 304 when unchanged.
    if (hasWeb && wantsPage) return reply.code(200).sendFile('index.html');
    const error: ErrorResponse = {
      error: {
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${pathOf(request)}`,
      },
    };
    return reply.code(404).send(error);
  });
}
