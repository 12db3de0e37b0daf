import { createHash } from 'node:crypto';
import { CompiledQuery, type Transaction } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { keepCheckedOutErrorsHandled, type Database } from '../../db/database';
import type { DB } from '../../db/types';
import { currentRequestId, withRequestId } from '../../http/request-context';
import { outcomesNeverReject } from './outcomes-never-reject';
import { poolExecutor } from './pool-executor';
import type { Job, JobData, JobInput } from './define-job';

/** How long a job's handler may run before pg-boss fails it and tries again (seconds). */
export const DEFAULT_JOB_TIMEOUT_SECONDS = 120;

// Everything that happens later (a hold's expiry, reminders, credit expiry) is a pg-boss job in
// the app's own database, PGlite or PostgreSQL: jobs survive a restart, and on a PostgreSQL
// server several API processes work one queue, each job once (see ADR 014).

export interface SendOptions {
  /** Not before this instant. The database's clock decides when it has come. */
  startAfter?: Date;
  /**
   * At most one job per key in a queue: sending again while the first is queued, running or
   * recently finished (pg-boss archives finished jobs after 12 hours) does nothing.
   */
  key?: string;
}

/** One job to enqueue, for `sendAll`. */
export interface JobSend<J extends Job = Job> {
  job: J;
  data: JobInput<J>;
  options?: SendOptions;
}

/** A typed `JobSend` (the data checked against its job's input type). */
export const jobSend = <J extends Job>(
  job: J,
  data: JobInput<J>,
  options?: SendOptions,
): JobSend => ({ job, data, ...(options && { options }) });

/** `job.id` is pg-boss's: the same when a job runs again (a retry, a rerun after a crash). */
export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

export interface JobQueue {
  /**
   * Enqueues a job. With `trx` it is written in that open transaction and exists only if it
   * commits. Inside a transaction always pass it: on PGlite a send outside it would wait for
   * the one session the transaction holds.
   */
  send<J extends Job>(
    job: J,
    data: JobInput<J>,
    options?: SendOptions,
    trx?: Transaction<DB>,
  ): Promise<void>;
  /**
   * Enqueues several jobs (of any queues) in one statement, as `send` would one by one: a
   * booking writes its confirmation and its reminders together.
   */
  sendAll(jobs: readonly JobSend[], trx?: Transaction<DB>): Promise<void>;
  /**
   * Cancels the jobs sent with these keys that have not finished (queued, or waiting for their
   * startAfter); those already done or unknown are left alone. With `trx`, only if it commits.
   */
  cancel(job: Job, keys: string[], trx?: Transaction<DB>): Promise<void>;
  /**
   * Runs `handler` for each job (creating its queue), with the job's retry settings. A throw
   * retries with backoff; so does data its schema refuses.
   */
  work<J extends Job>(job: J, handler: JobHandler<JobData<J>>): Promise<void>;
  /** Stops polling, lets running handlers finish (up to 10 s, then they are retried later). */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** How often each worker looks for due jobs (default 2, pg-boss's minimum 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * How often jobs past their timeout (a crashed process's) are failed, to run again (default
   * 120, pg-boss's).
   */
  maintenanceIntervalSeconds?: number;
  /** The default for every queue's WorkOptions.retryDelaySeconds (default 10). */
  retryDelaySeconds?: number;
  /** PostgreSQL only: connections of the queue's own pool (default 3). */
  poolSize?: number;
  /** A failed job or a queue error; defaults to a console warning. */
  onError?: (
    error: unknown,
    context: { queue?: string; jobId?: string; requestId?: string },
  ) => void;
}

const STOP_TIMEOUT_MS = 10_000;

/**
 * The request that sent a job travels in its data under this key (its logs then name it);
 * handlers get the data without it.
 */
const REQUEST_ID = '_requestId';

export async function startJobQueue(
  database: Database,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const report = options.onError ?? warn;
  const ownPool =
    database.driver === 'postgres' ? queuePool(database, options.poolSize) : undefined;
  // PGlite: the app's pool, so pg-boss waits behind the app's transactions (one session).
  const executor = poolExecutor(ownPool ?? database.pool);
  const boss = new PgBoss({
    db: outcomesNeverReject(executor, (error) => report(error, {})),
    // No cron schedules: later work is a delayed job, so the timekeeper's polling is not needed.
    schedule: false,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
  });
  // Worker errors carry the queue's name (pg-boss spreads it onto the error).
  boss.on('error', (error) => report(error, { queue: (error as { queue?: string }).queue }));
  try {
    await boss.start();
  } catch (error) {
    await ownPool?.end();
    throw error;
  }

  const knownQueues = new Set<string>();
  const workerIds = new Map<string, string[]>();
  const batchesUnderWay = new Set<Promise<unknown>>();
  let stopping: Promise<void> | undefined;

  /** Job queues must exist before a send (pg-boss 10 drops a job for an unknown queue). */
  async function ensureQueue(name: string, trx: Transaction<DB> | undefined) {
    if (knownQueues.has(name)) return;
    if (trx) {
      // Creating a queue adds a table partition: not something to do inside a booking.
      const found = await trx.executeQuery(
        CompiledQuery.raw('select 1 from pgboss.queue where name = $1', [name]),
      );
      if (found.rows.length === 0) {
        throw new Error(
          `No job queue "${name}" yet: start its worker before sending in a transaction`,
        );
      }
    } else {
      await retryOnDeadlock(() => boss.createQueue(name));
    }
    knownQueues.add(name);
  }

  async function runBatch<J extends Job>(
    definition: J,
    handler: JobHandler<JobData<J>>,
    jobs: PgBoss.Job<object>[],
  ) {
    const { name } = definition;
    const outcomes = await Promise.allSettled(
      jobs.map((job) => {
        const { [REQUEST_ID]: requestId, ...data } = job.data as { [REQUEST_ID]?: string };
        // Async, so data the schema refuses fails this job, not the batch.
        return withRequestId(requestId, async () =>
          handler(checked(definition, data), { id: job.id }),
        );
      }),
    );
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') continue;
      const job = jobs[index]!;
      const requestId = (job.data as { [REQUEST_ID]?: string })[REQUEST_ID];
      report(outcome.reason, { queue: name, jobId: job.id, requestId });
      // Failed one by one so the rest of the batch completes. Retries wait at least a second
      // (backoff), so pg-boss's completion of the batch cannot catch a retry already running.
      await boss.fail(name, job.id, toOutput(outcome.reason), { db: executor });
    }
  }

  /**
   * pg-boss's batch insert (one statement for every job, whatever its queue); a job's id is
   * derived from its key, so a second send of a key finds the first and does nothing.
   */
  async function sendAll(sends: readonly JobSend[], trx?: Transaction<DB>) {
    if (stopping) throw new Error('The job queue is stopped');
    if (sends.length === 0) return;
    const requestId = currentRequestId();
    const rows = [];
    for (const { job, data: input, options: sendOptions = {} } of sends) {
      const data = checked(job, input);
      await ensureQueue(job.name, trx);
      rows.push({
        name: job.name,
        data: requestId ? { ...data, [REQUEST_ID]: requestId } : data,
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.key ? { id: keyToUuid(job.name, sendOptions.key) } : {}),
      });
    }
    await boss.insert(rows, trx ? { db: transactionExecutor(trx) } : {});
    // A job written in a transaction is invisible until it commits: the next poll finds it.
    if (trx) return;
    const dueNames = new Set(
      sends
        .filter(({ options }) => !options?.startAfter || options.startAfter.getTime() <= Date.now())
        .map(({ job }) => job.name),
    );
    for (const name of dueNames) for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  }

  return {
    send(job, data, options, trx) {
      return sendAll([{ job, data, ...(options && { options }) }], trx);
    },

    sendAll,

    async cancel({ name }, keys, trx) {
      if (stopping) throw new Error('The job queue is stopped');
      if (keys.length === 0) return;
      await ensureQueue(name, trx);
      await boss.cancel(
        name,
        keys.map((key) => keyToUuid(name, key)),
        trx ? { db: transactionExecutor(trx) } : {},
      );
    },

    async work(job, handler) {
      if (stopping) throw new Error('The job queue is stopped');
      const { name, work: workOptions } = job;
      const queueOptions = {
        name,
        retryLimit: workOptions.retryLimit ?? 5,
        retryDelay: workOptions.retryDelaySeconds ?? options.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: workOptions.timeoutSeconds ?? DEFAULT_JOB_TIMEOUT_SECONDS,
      };
      // create does nothing for an existing queue; update makes its settings follow the code.
      await retryOnDeadlock(() => boss.createQueue(name, queueOptions));
      await retryOnDeadlock(() => boss.updateQueue(name, queueOptions));
      knownQueues.add(name);
      const batchSize = workOptions.batchSize ?? 10;
      // Known once `work` returns; a batch fetched before that simply waits for the next poll.
      const worker: { id?: string } = {};
      worker.id = await boss.work<object>(name, { batchSize }, (jobs) => {
        const batch = runBatch(job, handler, jobs);
        batchesUnderWay.add(batch);
        // pg-boss handles the batch's failure; the bookkeeping's own promise must not carry
        // it again, unhandled (a `fail` refused while PostgreSQL restarts killed the process).
        void batch.catch(() => undefined).finally(() => batchesUnderWay.delete(batch));
        // A full batch means more may be waiting: fetch again now instead of after the interval.
        if (jobs.length === batchSize && worker.id) boss.notifyWorker(worker.id);
        return batch;
      });
      workerIds.set(name, [...(workerIds.get(name) ?? []), worker.id]);
    },

    stop() {
      stopping ??= (async () => {
        await boss.stop({ graceful: true, close: false, timeout: STOP_TIMEOUT_MS });
        // A worker whose fetch was under way when stop began may still run that batch and
        // complete it: wait until nothing is running, then shut the door on late statements.
        while (batchesUnderWay.size > 0 || executor.busy()) {
          await Promise.allSettled([...batchesUnderWay]);
          await executor.settled();
          await new Promise((resolve) => setImmediate(resolve));
        }
        executor.close();
        await ownPool?.end();
      })();
      return stopping;
    },
  };
}

/** The job's data as its schema reads it; data it refuses is an error naming the queue. */
function checked<J extends Job>(job: J, data: unknown): JobData<J> {
  const parsed = job.schema.safeParse(data);
  if (parsed.success) return parsed.data as JobData<J>;
  const problem = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('; ');
  throw new Error(`Job "${job.name}" with data its schema refuses: ${problem}`);
}

/**
 * Replicas starting together create the same queues at once, and pg-boss's create_queue (a
 * table partition each) can deadlock with itself: PostgreSQL ends one of them, which then
 * finds the queue made by the other. Creating a queue again does nothing, so retry.
 */
async function retryOnDeadlock<T>(attempt: () => Promise<T>, tries = 5): Promise<T> {
  for (let left = tries; ; left -= 1) {
    try {
      return await attempt();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || left <= 1) throw error;
    }
  }
}

/** On a PostgreSQL server the queue keeps its own few connections, apart from the app's. */
function queuePool(database: Database, poolSize = 3): pg.Pool {
  if (!database.url) throw new Error('A PostgreSQL database needs its URL for the job queue');
  const pool = new pg.Pool({
    connectionString: database.url,
    max: poolSize,
    application_name: 'tutora-jobs',
  });
  pool.on('error', (error) =>
    console.warn(`tutora: idle job queue connection lost: ${error.message}`),
  );
  keepCheckedOutErrorsHandled(pool);
  return pool;
}

/** pg-boss's own insert, run on the transaction's connection. */
function transactionExecutor(trx: Transaction<DB>): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  };
}

/** pg-boss dedupes on a job's uuid: derive one from the queue and the caller's key. */
function keyToUuid(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function toOutput(reason: unknown): object {
  return reason instanceof Error
    ? { name: reason.name, message: reason.message, stack: reason.stack }
    : { message: String(reason) };
}

function warn(error: unknown, context: { queue?: string; jobId?: string; requestId?: string }) {
  const message =
    error instanceof Error ? error.message : String((error as Error)?.message ?? error);
  const where = [
    context.queue,
    context.jobId,
    context.requestId && `(request ${context.requestId})`,
  ]
    .filter(Boolean)
    .join(' ');
  console.warn(`tutora: job ${where || 'queue'}: ${message}`);
}
