import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { testDatabaseUrl } from '../../env';
import { openTestDatabase, TEST_DRIVERS } from '../../test/test-database';
import { z } from 'zod';
import { defineJob, type WorkOptions } from './define-job';
import { startJobQueue, type JobQueue, type JobQueueOptions } from './job-queue';

// pg-boss on the app's own database, as the server runs it: real PGlite, real PostgreSQL.

/** A promise the test awaits and a handler resolves. */
function signal<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Waits for a condition the code under test brings about (never a fixed sleep). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

class Rollback extends Error {}

/** A test queue whose data is anything (an object). */
const anyJob = (name: string) => defineJob(name, z.looseObject({}));
/** A test queue whose data is a number. */
const numberJob = (name: string, work?: WorkOptions) =>
  defineJob(name, z.object({ n: z.number() }), work);

const FAST: JobQueueOptions = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 };

async function jobsIn(database: Database, queue: string) {
  const { rows } = await sql<{ state: string; data: { n?: number } }>`
    select state, data from pgboss.job where name = ${queue}`.execute(database.db);
  return rows;
}

describe.each(TEST_DRIVERS)('job queue on %s', (driver) => {
  let database: Database;
  const started: JobQueue[] = [];
  async function start(options: JobQueueOptions = FAST, on: Database = database) {
    const queue = await startJobQueue(on, options);
    started.push(queue);
    return queue;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((queue) => queue.stop()));
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a job with its data', async () => {
    const jobs = await start();
    const ran = signal<object>();
    await jobs.work(anyJob('test.run'), async (data) => ran.resolve(data));
    await jobs.send(anyJob('test.run'), { paymentId: 'p-1', cents: 4500 });
    expect(await ran.promise).toEqual({ paymentId: 'p-1', cents: 4500 });
  });

  it('runs a delayed job once its time has come, not before', async () => {
    const jobs = await start();
    const ranAt = signal<number>();
    await jobs.work(anyJob('test.delayed'), async () => ranAt.resolve(Date.now()));
    const startAfter = new Date(Date.now() + 1500);
    await jobs.send(anyJob('test.delayed'), {}, { startAfter });
    expect(await ranAt.promise).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('runs a job sent in a transaction only if the transaction commits', async () => {
    const jobs = await start();
    const seen: number[] = [];
    const committedRan = signal<void>();
    await jobs.work(numberJob('test.transactional'), async ({ n }) => {
      seen.push(n);
      if (n === 2) committedRan.resolve();
    });

    await expect(
      database.db.transaction().execute(async (trx) => {
        await jobs.send(numberJob('test.transactional'), { n: 1 }, {}, trx);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    await database.db.transaction().execute(async (trx) => {
      await jobs.send(numberJob('test.transactional'), { n: 2 }, {}, trx);
    });

    await committedRan.promise;
    expect(seen).toEqual([2]);
    // pg-boss keeps every job it holds in its job table: the rolled-back one was never there.
    expect((await jobsIn(database, 'test.transactional')).map((job) => job.data.n)).toEqual([2]);
  });

  it('refuses to send in a transaction to a queue nobody created, and the transaction fails', async () => {
    const jobs = await start();
    await expect(
      database.db.transaction().execute((trx) => jobs.send(anyJob('test.nobody'), {}, {}, trx)),
    ).rejects.toThrow('No job queue "test.nobody" yet');
  });

  it('refuses to send data its job does not take, and queues nothing', async () => {
    const jobs = await start();
    const counted = numberJob('test.checked-send');
    await jobs.work(counted, async () => {});
    // Past the types, as a caller with a loose object could.
    const wrong = { n: 'seven' } as unknown as { n: number };
    await expect(jobs.send(counted, wrong)).rejects.toThrow(
      'Job "test.checked-send" with data its schema refuses: n:',
    );
    expect(await jobsIn(database, 'test.checked-send')).toEqual([]);
  });

  it('fails a queued job whose data its worker does not take, without running the handler', async () => {
    const reported: unknown[] = [];
    const jobs = await start({ ...FAST, onError: (error) => reported.push(error) });
    let ran = false;
    await jobs.work(numberJob('test.checked-run', { retryLimit: 0 }), async () => {
      ran = true;
    });
    // Queued by an older version whose data had another shape.
    await jobs.send(anyJob('test.checked-run'), { count: 3 });
    await until(() => reported.length > 0);
    expect(ran).toBe(false);
    expect(reported).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('Job "test.checked-run" with data its schema refuses'),
      }),
    ]);
  });

  it('retries a failing handler with backoff and reports the failure', async () => {
    const reported: unknown[] = [];
    const jobs = await start({ ...FAST, onError: (error) => reported.push(error) });
    let attempts = 0;
    const succeeded = signal<number>();
    await jobs.work(anyJob('test.retry'), async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('provider unavailable');
      succeeded.resolve(attempts);
    });
    await jobs.send(anyJob('test.retry'), {});
    expect(await succeeded.promise).toBe(2);
    expect(reported).toEqual([expect.objectContaining({ message: 'provider unavailable' })]);
  });

  it('keeps one job per key however often it is sent', async () => {
    const jobs = await start();
    const ran = signal<void>();
    let runs = 0;
    await jobs.work(numberJob('test.keyed'), async () => {
      runs += 1;
      ran.resolve();
    });
    await jobs.send(numberJob('test.keyed'), { n: 1 }, { key: 'payment-7' });
    await jobs.send(numberJob('test.keyed'), { n: 2 }, { key: 'payment-7' });
    await ran.promise;
    expect(runs).toBe(1);
    expect((await jobsIn(database, 'test.keyed')).map((job) => job.data.n)).toEqual([1]);
  });

  it('keeps jobs across a restart', async () => {
    const before = await start();
    await before.send(numberJob('test.restart'), { n: 1 });
    await before.stop();

    const after = await start();
    const ran = signal<object>();
    await after.work(numberJob('test.restart'), async (data) => ran.resolve(data));
    expect(await ran.promise).toEqual({ n: 1 });
  });

  it.runIf(driver === 'postgres')('lets two processes work one queue, each job once', async () => {
    const second = await openDatabase({ driver: 'postgres', url: database.url! });
    try {
      const processes = [await start(), await start(FAST, second)];
      const count = 40;
      for (let n = 0; n < count; n += 1) await processes[0]!.send(numberJob('test.shared'), { n });
      const runs: { process: number; n: number }[] = [];
      for (const [index, jobs] of processes.entries()) {
        await jobs.work(
          numberJob('test.shared', { batchSize: 5 }),
          async ({ n }) => void runs.push({ process: index, n }),
        );
      }
      await until(() => runs.length >= count);
      // Stopping waits for the last completions, so the job table's states are final.
      await Promise.all(processes.map((jobs) => jobs.stop()));

      expect(runs.map((run) => run.n).sort((a, b) => a - b)).toEqual(
        Array.from({ length: count }, (_, n) => n),
      );
      const states = (await jobsIn(database, 'test.shared')).map((job) => job.state);
      expect(states).toEqual(Array.from({ length: count }, () => 'completed'));
    } finally {
      await second.close();
    }
  });

  // pg-boss 10 records a batch's outcome without awaiting it: refused, it would be a rejection
  // nobody handles, which ends the process (seen while PostgreSQL restarted under the soak).
  it.runIf(driver === 'postgres').each(['succeeded', 'failed'])(
    'lives through the outcome of a job that %s being refused; the job runs again after its timeout',
    async (outcome) => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      const refused = signal<void>();
      const onError = (error: unknown) => {
        if (String(error).includes('not currently accepting connections')) refused.resolve();
      };
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        database.db,
      );
      // From the server's own database: one cannot turn connections away from the one it is in.
      const allowConnections = async (allow: boolean) => {
        const admin = new pg.Client({ connectionString: testDatabaseUrl() });
        await admin.connect();
        try {
          await admin.query(`alter database "${rows[0]!.name}" allow_connections ${allow}`);
        } finally {
          await admin.end();
        }
      };
      try {
        const jobs = await start({ ...FAST, maintenanceIntervalSeconds: 1, onError });
        const queue = `test.refused-${outcome}`;
        let runs = 0;
        const ranAgain = signal<void>();
        const job = defineJob(queue, z.looseObject({}), { timeoutSeconds: 1 });
        await jobs.work(job, async () => {
          runs += 1;
          if (runs > 1) return ranAgain.resolve();
          // The queue's connections end and no new one is let in, until the test allows it.
          await allowConnections(false);
          await sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'tutora-jobs'`.execute(
            database.db,
          );
          if (outcome === 'failed') throw new Error('provider unavailable');
        });
        await jobs.send(job, {});
        await refused.promise;
        await allowConnections(true);
        await ranAgain.promise;
        expect(unhandled).toEqual([]);
        expect(runs).toBe(2);
      } finally {
        await allowConnections(true);
        process.off('unhandledRejection', onUnhandled);
      }
    },
  );

  it.runIf(driver === 'pglite')(
    "waits behind an open app transaction instead of writing inside it (PGlite's one session)",
    async () => {
      const jobs = await start();
      const seen: number[] = [];
      const ran = signal<void>();
      await jobs.work(numberJob('test.outside'), async ({ n }) => {
        seen.push(n);
        if (n === 2) ran.resolve();
      });
      let sentDuring: Promise<void> | undefined;
      let sendSettled = false;
      let settledInsideTransaction: boolean | undefined;
      const email = 'job-queue-probe@example.com';

      await expect(
        database.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({
              email,
              full_name: 'Probe P',
              first_name: 'Probe',
              last_name: 'P',
              role: 'student',
            })
            .execute();
          // pg-boss's statements (this send, the worker's polls) now wait for the session.
          sentDuring = jobs
            .send(numberJob('test.outside'), { n: 1 })
            .finally(() => (sendSettled = true));
          await until(() => database.pool.waitingCount > 0 || sendSettled);
          settledInsideTransaction = sendSettled;
          await sql`select 1`.execute(trx);
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      expect(settledInsideTransaction).toBe(false);

      // The send ran after the rollback, in its own statement: its job exists and runs.
      await sentDuring;
      await jobs.send(numberJob('test.outside'), { n: 2 });
      await ran.promise;
      expect(seen).toContain(1);
      const probe = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(probe).toEqual([]);
    },
  );
});
