import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Env } from '../env';

/**
 * The OpenAPI document and Swagger UI at /api/docs. A production server shows its map of the
 * API only when asked to (API_DOCS=true); elsewhere it is always there for developers.
 */
export async function registerApiDocs(app: FastifyInstance, env: Env, version: string) {
  if (env.NODE_ENV === 'production' && !env.API_DOCS) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tutora API', version },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
