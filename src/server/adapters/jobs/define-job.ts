import type { z } from 'zod';

// One object per background job, in the spirit of defineEndpoint: its queue's name, the schema of
// its data and how its worker retries. Each module declares its jobs in `<module>.jobs.ts`;
// senders and the worker both go through it, so a send is typed by the job, and the data is
// checked by the schema when it is sent and again when it is run (a job queued by an older
// version of the app that no longer fits fails loudly instead of running on a guess).

export interface WorkOptions {
  /** Retries after the first failure (default 5). */
  retryLimit?: number;
  /** Wait before the first retry; each next one waits about twice as long (default 10). */
  retryDelaySeconds?: number;
  /** A handler still running after this fails and is retried (DEFAULT_JOB_TIMEOUT_SECONDS). */
  timeoutSeconds?: number;
  /** Jobs fetched and run side by side per poll (default 10). */
  batchSize?: number;
}

/**
 * For jobs that give money back or pay it out: the default gives up after ~5 minutes of a
 * provider outage, while owed money must survive one of days (10 s doubling, 15 times: about 6
 * days in all).
 */
export const MONEY_OWED_RETRIES: WorkOptions = { retryLimit: 15 };

export interface Job<S extends z.ZodType<object> = z.ZodType<object>> {
  /** The pg-boss queue: never renamed while jobs of it may still be queued. */
  readonly name: string;
  readonly schema: S;
  readonly work: WorkOptions;
}

/** What a send takes. */
export type JobInput<J extends Job> = z.input<J['schema']>;
/** What the handler gets. */
export type JobData<J extends Job> = z.output<J['schema']>;

/** Keeps the literal name and the schema's types for send and work. */
export const defineJob = <const N extends string, S extends z.ZodType<object>>(
  name: N,
  schema: S,
  work: WorkOptions = {},
): Job<S> & { readonly name: N } => ({ name, schema, work });

/** A job and what runs it, given the app's services (the server starts every one in a loop). */
export interface Worker<Ctx> {
  readonly job: Job;
  readonly run: (ctx: Ctx, data: unknown) => Promise<unknown>;
  /** Once every worker runs: what the job needs at start (a chain's first run, a resend). */
  readonly started?: (ctx: Ctx) => Promise<void>;
}

/** Binds a job to its handler; the handler is typed by the job's schema. */
export const worker = <J extends Job, Ctx>(
  job: J,
  run: (ctx: Ctx, data: JobData<J>) => Promise<unknown>,
  started?: (ctx: Ctx) => Promise<void>,
): Worker<Ctx> => ({
  job,
  run: (ctx, data) => run(ctx, data as JobData<J>),
  ...(started && { started }),
});
