import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { createServer, type RunningServer } from './server';
import { testEnv } from './test/test-app';

// `npm start` serves before the job workers start (deferWorkers) only when their queues exist:
// a booking's transaction refuses to send a job to a queue that was never created.
describe('deferred job workers', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-server-'));
  let server: RunningServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const queueCount = async (running: RunningServer) => {
    const { rows } = await sql<{ queues: number }>`
      select count(*)::int as queues from pgboss.queue`.execute(running.database.db);
    return rows[0]!.queues;
  };

  const start = async () =>
    createServer(testEnv(), {
      database: await openDatabase({ driver: 'pglite', dataDir }),
      deferWorkers: true,
    });

  it('a first start creates every queue before it serves; a later one serves first', async () => {
    server = await start();
    const created = await queueCount(server);
    expect(created).toBeGreaterThan(0);
    await server.close();

    server = await start();
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await server.startWorkers();
    // Starting them again (a second call) does nothing more.
    await server.startWorkers();
    expect(await queueCount(server)).toBe(created);
  });
});
