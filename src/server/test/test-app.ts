import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Clock } from '../adapters/clock';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { Database, DatabaseDriver } from '../db/database';
import { loadEnv, type Env } from '../env';
import { createServer } from '../server';
import { reservePort, type ReservedPort } from './free-port';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox';
import { openDatabase } from '../db/database';
import { openTestDatabase } from './test-database';
import type { StripeConnect } from '../modules/payouts/stripe-payout-provider';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Base URL of the app listening on 127.0.0.1 (also its PUBLIC_URL). */
  url: string;
  /** The real SMTP server the app mails through (codes and links are read from it). */
  inbox: SmtpInbox;
  close(): Promise<void>;
}

/** The test apps' session secret (keys derived from it, like the local webhook's, too). */
export const TEST_SESSION_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...overrides,
  });
}

/** The real app on a free port against a fresh database of the given driver. */
export async function startTestApp(
  driver: DatabaseDriver,
  overrides: Record<string, string> = {},
  options: {
    webRoot?: string;
    extraRoutes?: FastifyPluginAsync;
    /** The port to listen on, or one held for the app (released right before it listens). */
    port?: number | ReservedPort;
    /** Business time for the app (the system clock when not given). */
    clock?: Clock;
    /** Another payment provider than the built-in checkout (Stripe against its fake). */
    paymentProvider?: PaymentProvider;
    /** Stripe Connect payouts (the real SDK against the Stripe fake). */
    stripeConnect?: StripeConnect;
    /**
     * Another test app's database, as a second API process would share it; the app that
     * opened it closes it.
     */
    sharedDatabase?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.sharedDatabase
    ? { ...options.sharedDatabase, close: async () => {} }
    : await openTestDatabase(driver);
  const reserved =
    typeof options.port === 'number' ? undefined : (options.port ?? (await reservePort()));
  const port = reserved?.port ?? (options.port as number);
  const url = `http://127.0.0.1:${port}`;
  const storageDir = mkdtempSync(path.join(tmpdir(), 'tutora-storage-'));
  const inbox = await startSmtpInbox();
  const env = { PUBLIC_URL: url, STORAGE_DIR: storageDir, SMTP_URL: inbox.url, ...overrides };
  const server = await createServer(testEnv(env), {
    database,
    webRoot: options.webRoot ?? '/nonexistent',
    clock: options.clock,
    paymentProvider: options.paymentProvider,
    stripeConnect: options.stripeConnect,
    // Jobs (emails, refunds) follow within half a second: tests await them, never sleep.
    jobPollingSeconds: 0.5,
  });
  if (options.extraRoutes) await server.app.register(options.extraRoutes);
  await reserved?.release();
  await server.app.listen({ port, host: '127.0.0.1' });
  const close = async () => {
    await server.close();
    await inbox.close();
    rmSync(storageDir, { recursive: true, force: true });
  };
  return { app: server.app, database, url, inbox, close };
}

/**
 * A second API process beside `first`, as production runs them: on PostgreSQL with its own
 * connections (its own pool and its own LISTEN connection) to the same database. PGlite is one
 * process by design (ADR 016), so there is no second process on it.
 */
export async function startSecondProcess(
  first: TestApp,
  overrides: Record<string, string> = {},
  options: Omit<Parameters<typeof startTestApp>[2] & object, 'sharedDatabase'> = {},
): Promise<TestApp> {
  if (first.database.driver !== 'postgres' || !first.database.url)
    throw new Error('A second API process needs the PostgreSQL server');
  const own = await openDatabase({ driver: 'postgres', url: first.database.url, poolSize: 4 });
  const second = await startTestApp('postgres', overrides, { ...options, sharedDatabase: own });
  return {
    ...second,
    database: own,
    close: async () => {
      await second.close();
      await own.close();
    },
  };
}
