import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { readMigrations } from '../../db/migrate';
import { createServer, PROJECT_ROOT } from '../../server';
import { freePort } from '../../test/free-port';
import { startTestApp, testEnv, type TestApp } from '../../test/test-app';
import { openTestDatabase, TEST_DRIVERS } from '../../test/test-database';

// A rolling deploy: replicas that start together against a new database migrate it once;
// a replica told to stop (SIGTERM) says it is not ready, finishes what it serves, and exits.

describe.each(TEST_DRIVERS)('health probes on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('is live and ready while serving, not ready as soon as it begins to stop', async () => {
    expect(await (await fetch(`${t.url}/api/health/live`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('connection')).toBe('keep-alive');

    t.app.lifecycle.drain();
    const draining = await fetch(`${t.url}/api/health/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'unavailable' });
    // Still live (nothing to restart), still serving, and every answer ends its connection.
    const live = await fetch(`${t.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    expect((await fetch(`${t.url}/api/reference`)).status).toBe(200);
  });
});

describe.skipIf(!TEST_DRIVERS.includes('postgres'))('replicas on one PostgreSQL', () => {
  let empty: Database;
  beforeAll(async () => {
    empty = await openTestDatabase('postgres', { migrated: false });
  });
  afterAll(() => empty.close());

  it('three replicas starting at once on an empty database migrate it once', async () => {
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ driver: 'postgres', url: empty.url!, poolSize: 3 })),
    );
    const servers = await Promise.all(
      databases.map((database) =>
        createServer(testEnv(), { database, webRoot: '/nonexistent', jobPollingSeconds: 0.5 }),
      ),
    );
    try {
      const files = await readMigrations();
      const { rows } = await empty.pool.query<{ files: number; transactions: number }>(
        'select count(*)::int as files, count(distinct applied_at)::int as transactions from schema_migrations',
      );
      // Every file once (the name is the key), all in one transaction: one replica did it.
      expect(rows[0]).toEqual({ files: files.length, transactions: 1 });
      for (const server of servers)
        expect((await server.app.inject('/api/health/ready')).statusCode).toBe(200);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

describe.skipIf(!TEST_DRIVERS.includes('postgres'))('a PostgreSQL restart', () => {
  it('ends connections held between statements without crashing the process', async () => {
    const database = await openTestDatabase('postgres');
    try {
      // A transaction's connection, checked out and between statements, as the server ends it.
      const held = await database.pool.connect();
      const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
      await database.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // The 'error' event has been heard (an unheard one fails this run); the next statement fails.
      await expect(held.query('select 1')).rejects.toThrow();
      held.release(true);
      expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!TEST_DRIVERS.includes('postgres'))('SIGTERM on a serving process', () => {
  let database: Database;
  let child: ChildProcess | undefined;
  let output = '';
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database.close();
  });

  it('answers the request under way (200), refuses new connections, then exits 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: database.url!,
        SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      },
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    await until(async () => (await fetch(`${url}/api/health/ready`).catch(() => null))?.ok);

    // Hold a request in the database: another session locks a table it reads (the reference
    // data, read on its first request).
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table subjects in access exclusive mode');
    const held = fetch(`${url}/api/reference`);
    await until(async () => {
      const { rows } = await holder.query(
        "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()",
      );
      return rows.length > 0;
    });

    child.kill('SIGTERM');
    // The listener closes at once (no drain wait by default): new connections are refused...
    await until(() => refused(port));
    expect(child.exitCode).toBeNull();
    // ...while the request under way finishes normally once the database lets it.
    await holder.query('rollback');
    await holder.end();
    const response = await held;
    expect(response.status, output).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await exited, output).toBe(0);
  });
});

async function until(check: () => Promise<boolean | undefined> | boolean) {
  for (let tries = 0; tries < 1200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting');
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
