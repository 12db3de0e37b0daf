import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** Liveness: 503 with the same body when the database is unreachable. Takes no input. */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database reachability',
  status: 200,
  response: healthResponse,
  alsoAnswers: [503],
  errors: [],
});
