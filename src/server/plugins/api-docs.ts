import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Env } from '../env';
import { servesApiDocs } from '../http/dev-tools-exposure';

/**
 * The OpenAPI document and Swagger UI at /api/docs: only when asked to (API_DOCS=true) or, outside
 * production, on a server only this machine reaches (see dev-tools-exposure.ts).
 */
export async function registerApiDocs(app: FastifyInstance, env: Env, version: string) {
  if (!servesApiDocs(env)) return;
  // Loaded only when served: a production process never pays for them (ADR 042).
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tutora API', version },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
