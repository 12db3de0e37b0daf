import { z } from 'zod/mini';
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

export const probeResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type ProbeResponse = z.infer<typeof probeResponse>;

/** Liveness for an orchestrator: the process answers. Never asks the database (a restart cures no outage). */
export const getHealthLive = defineEndpoint({
  method: 'GET',
  path: '/api/health/live',
  summary: 'The process is alive',
  status: 200,
  response: probeResponse,
  errors: [],
});

/** Readiness: 503 while the process shuts down or its database is unreachable. */
export const getHealthReady = defineEndpoint({
  method: 'GET',
  path: '/api/health/ready',
  summary: 'The process takes traffic (not shutting down, database reachable)',
  status: 200,
  response: probeResponse,
  alsoAnswers: [503],
  errors: [],
});
