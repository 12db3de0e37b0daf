import { z } from 'zod';

// Every API error has this body; `code` is stable for programs, `message` is for people.
export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level messages for validation errors, keyed by dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
