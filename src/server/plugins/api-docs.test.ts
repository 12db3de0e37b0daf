import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { testEnv } from '../test/test-app';

// Whether the OpenAPI document and Swagger UI are served. No data is needed: nothing listens
// on port 1, and nothing is queried.
describe('the API docs at /api/docs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      driver: 'postgres',
      url: 'postgres://nobody@127.0.0.1:1/none',
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:1',
    LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
  };

  async function docsStatus(settings: Record<string, string>) {
    const env = testEnv(settings);
    const app = await buildApp({ env, db: database.db, driver: 'postgres', version: 'test' });
    try {
      const document = await app.inject('/api/docs/json');
      const page = await app.inject('/api/docs/');
      return [document.statusCode, page.statusCode];
    } finally {
      await app.close();
    }
  }

  it.each([
    ['are hidden in production', production, 404],
    ['are served in production with API_DOCS=true', { ...production, API_DOCS: 'true' }, 200],
    ['are served to developers', { NODE_ENV: 'development' }, 200],
  ])('%s', async (_, settings, status) => {
    expect(await docsStatus(settings)).toEqual([status, status]);
  });
});
