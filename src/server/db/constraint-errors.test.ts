import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { AppError } from '../errors';
import { testEnv } from '../test/test-app';
import { openTestDatabase, TEST_DRIVERS } from '../test/test-database';
import type { Database } from './database';
import { translatingConstraints, violatedConstraint } from './constraint-errors';

// A user row whose email breaks the table's CHECK (emails are stored lower-case).
const badUser = {
  email: 'Not.Lower@Example.com',
  full_name: 'A B',
  first_name: 'A',
  last_name: 'B',
  role: 'student' as const,
};

describe.each(TEST_DRIVERS)('database constraint errors on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ env: testEnv(), db: database.db, driver, version: 'test' });
    // A route that writes without translating what the database refuses.
    app.post('/api/test/untranslated-write', async () => {
      await database.db.insertInto('users').values(badUser).execute();
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('turns a violation of a named constraint into its domain error, and nothing else', async () => {
    const write = () => database.db.insertInto('users').values(badUser).execute();
    await expect(write()).rejects.toSatisfy(
      (error) => violatedConstraint(error) === 'users_email_check',
    );
    const translated = translatingConstraints(write, {
      users_email_check: () => new AppError('VALIDATION_FAILED', 'Emails are lower-case'),
    });
    await expect(translated).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Emails are lower-case',
    });
    // Another constraint's translation leaves the original error as it was.
    const untouched = translatingConstraints(write, {
      lessons_tutor_no_overlap: () => new AppError('CONFLICT', 'taken'),
    });
    await expect(untouched).rejects.toMatchObject({ code: '23514' });
    // An error that names no violated constraint passes through too.
    const broken = new Error('connection lost');
    await expect(
      translatingConstraints(() => Promise.reject(broken), { users_email_check: () => broken }),
    ).rejects.toBe(broken);
  });

  it('answers a check violation no repository translated with 400 and a message, never 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/untranslated-write' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some of the values sent are outside the allowed limits.',
    });
  });
});
