import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { startTestApp, testEnv, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

describe.each(TEST_DRIVERS)('GET /api/health on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('reports a reachable database', async () => {
    const response = await fetch(`${t.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { reachable: true, driver },
    });
  });

  it('sends security headers and serves the OpenAPI docs', async () => {
    const response = await fetch(`${t.url}/api/health`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // HTTPS-only headers are production's (production-auth.test.ts).
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure');
    const docs = await fetch(`${t.url}/api/docs/json`);
    expect(docs.status).toBe(200);
    const spec = (await docs.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/reference']),
    );
    expect((await fetch(`${t.url}/api/docs/`)).status).toBe(200);
  });
});

describe('GET /api/health without a database', () => {
  it('answers 503 and says the database is unreachable', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const database = await openDatabase({
      driver: 'postgres',
      url: 'postgres://nobody@127.0.0.1:1/none',
    });
    const app = await buildApp({
      env: testEnv(),
      db: database.db,
      driver: 'postgres',
      version: 'test',
    });
    try {
      const response = await app.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
