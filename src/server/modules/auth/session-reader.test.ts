import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../../contracts/auth.contract';
import { createStudent } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

// The one-read session check (session-reader.ts) leaves expiry and the sliding renewal to Better
// Auth, as before: an expired session is refused and removed, a day-old one is renewed.

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_DRIVERS)('the session check on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sessionOf = (userId: string) =>
    t.database.db
      .selectFrom('sessions')
      .select(['expires_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();

  /** Moves the user's session's expiry to `ms` from the database's now. */
  const expireIn = (userId: string, ms: number) =>
    t.database.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() + make_interval(secs => ${ms / 1000})` })
      .where('user_id', '=', userId)
      .execute();

  it('refuses a session past its expiry and removes it', async () => {
    const student = await createStudent(t);
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(200);
    await expireIn(student.id, -1000);
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(401);
    expect(await sessionOf(student.id)).toBeUndefined();
  });

  it('renews a session used a day after its last renewal, and only then', async () => {
    const student = await createStudent(t);
    await expireIn(student.id, 29.5 * DAY_MS);
    const fresh = (await sessionOf(student.id))!.expires_at.getTime();
    expect((await student.client.call(getSession)).user?.email).toBe(student.email);
    expect((await sessionOf(student.id))!.expires_at.getTime()).toBe(fresh);

    await expireIn(student.id, 28 * DAY_MS);
    expect((await student.client.call(getSession)).user?.email).toBe(student.email);
    const renewed = (await sessionOf(student.id))!.expires_at.getTime();
    expect(renewed).toBeGreaterThan(fresh + 0.4 * DAY_MS);
  });

  it('refuses a cookie whose signature does not match, even with a real token', async () => {
    const student = await createStudent(t);
    const [name, value] = student.client
      .cookieEntries()
      .find(([cookie]) => cookie.endsWith('session_token'))!;
    const [token] = decodeURIComponent(value).split('.');
    const forged = `${token}.${'A'.repeat(43)}=`;
    const response = await fetch(`${t.url}/api/auth/session`, {
      headers: { cookie: `${name}=${encodeURIComponent(forged)}` },
    });
    expect((await response.json()).user).toBeNull();
  });
});
