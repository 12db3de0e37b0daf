import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './adapters/clock';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { seedReferenceData } from './db/seed/reference-seed';
import type { Env } from './env';
import { startWarnings } from './http/dev-tools-exposure';
import { startJobQueue, type JobQueue } from './adapters/jobs/job-queue';
import { startWorkers } from './job-workers';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { countProfiles } from './modules/tutor-profile/tutor-profile.repository';
import type { StripeConnect } from './modules/payouts/stripe-payout-provider';
import { backupRoutes } from './modules/backup/backup.routes';

/** The repository root, from src/server (tsx) or dist/server (the bundle) alike. */
export const PROJECT_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    return String(pkg.version);
  } catch {
    return '0.0.0';
  }
}

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
  /**
   * A graceful stop (SIGTERM): readiness goes false at once and stays so for `drainMs` while
   * requests are still served (the balancer takes the process out), then close(): the listener
   * stops, requests under way finish, live sockets are told to reconnect elsewhere, the job
   * queue stops taking jobs and lets running ones finish, the database closes.
   */
  shutdown(options: { drainMs: number }): Promise<void>;
}

/** env -> database -> migrate -> seed -> app. The caller decides where to listen. */
export async function createServer(
  env: Env,
  options: {
    database?: Database;
    webRoot?: string;
    clock?: Clock;
    paymentProvider?: PaymentProvider;
    /** Stripe Connect for payouts other than the settings' (tests: against the Stripe fake). */
    stripeConnect?: StripeConnect;
    /** How often job workers look for due jobs (tests: shorter). */
    jobPollingSeconds?: number;
  } = {},
): Promise<RunningServer> {
  const database =
    options.database ??
    (env.DATABASE_URL
      ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ driver: 'pglite', dataDir: env.DATA_DIR }));
  let jobs: JobQueue | undefined;
  try {
    await migrate(database.db);
    await seedReferenceData(database.db);
    const queue = await startJobQueue(database, {
      pollingIntervalSeconds: options.jobPollingSeconds,
      maintenanceIntervalSeconds: env.JOB_MAINTENANCE_SECONDS,
    });
    jobs = queue;
    const defaultWebRoot = path.join(PROJECT_ROOT, 'dist', 'web');
    const app = await buildApp({
      env,
      db: database.db,
      driver: database.driver,
      events: database.events,
      version: readVersion(),
      clock: options.clock,
      jobs: queue,
      paymentProvider: options.paymentProvider,
      stripeConnect: options.stripeConnect,
      pool: database.driver === 'postgres' ? database.pool : undefined,
      webRoot: options.webRoot ?? (existsSync(defaultWebRoot) ? defaultWebRoot : undefined),
    });
    if (env.BACKUP_TOKEN && database.driver === 'pglite')
      await app.register(backupRoutes, { database, token: env.BACKUP_TOKEN });
    // Before serving (~0.2 s): a booking's transaction refuses to send a job to a queue that
    // does not exist yet, and an upgrade may bring a new one.
    await startWorkers(app.deps);
    for (const warning of startWarnings(env)) app.log.warn(warning);
    if (env.NODE_ENV === 'development') await offerDemoData(app, database);
    const close = async () => {
      await app.close();
      await queue.stop();
      app.deps.mailer.close?.();
      await database.close();
    };
    return {
      app,
      database,
      close,
      shutdown: async ({ drainMs }) => {
        app.lifecycle.drain();
        stopAccepting(app.server);
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
        await close();
      },
    };
  } catch (error) {
    await jobs?.stop();
    await database.close();
    throw error;
  }
}

/**
 * Takes no new connection from now on, keeping those open. The balancer's next connect is
 * refused, which it retries on another process even for a POST (nothing was sent yet), while
 * each open connection closes after its next answer (the lifecycle's drain) or when the
 * balancer drops it idle (its keep-alive timeout is shorter than the drain). Node's own
 * `http.Server#close` would also cut the idle connections at once, racing a request the
 * balancer is sending down one of them (the soak saw a 502 in one of 9 restarts when the
 * listener stayed open through the drain and closed at its end: by then every request came
 * on a new connection, and one just opened was cut). Those still in the kernel's accept queue
 * when it closes are reset all the same, so a restart without any goes through the balancer
 * first (ADR 029).
 */
function stopAccepting(server: Server) {
  if (server.listening) NetServer.prototype.close.call(server);
}

/** On an empty development marketplace, say how to add demo tutors (never adds them itself). */
async function offerDemoData(app: FastifyInstance, database: Database) {
  if ((await countProfiles(database.db)) === 0) {
    // The embedded database is this process's alone: the seed command runs while it is stopped.
    const when = database.driver === 'pglite' ? ' (stop the app first, then start it again)' : '';
    app.log.info(`No tutors yet. Add a demo marketplace with: npm run seed -- --tutors 50${when}`);
  }
}
