import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession, signIn } from '../../../contracts/auth.contract';
import type { DB } from '../../db/types';
import { TEST_PASSWORD } from '../../test/accounts';
import { unannounced } from '../../test/announced-changes';
import { createStudent, type TestStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { setAdminRole } from '../admin/admin-role';

// Sessions kept in memory (ADR 055): on PGlite, where a change is heard before its commit
// returns, a checked session and its user are kept until a change to either is announced, and
// every announced change shows on the very next request. On PostgreSQL nothing is kept.

const firstNameSeen = async (student: TestStudent) =>
  (await student.client.call(getSession)).user?.firstName;

const renamed = (db: Kysely<DB>, student: TestStudent, firstName: string) =>
  db.updateTable('users').set({ first_name: firstName }).where('id', '=', student.id).execute();

describe.each(TEST_DRIVERS)('sessions kept in memory on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.database.db;

  it(`${driver === 'pglite' ? 'keeps' : 'does not keep'} a checked session until a change is announced`, async () => {
    const student = await createStudent(t, { firstName: 'Kept' });
    expect(await firstNameSeen(student)).toBe('Kept');
    await unannounced(db(), (trx) => renamed(trx, student, 'Unannounced'));
    expect(await firstNameSeen(student)).toBe(driver === 'pglite' ? 'Kept' : 'Unannounced');
    await renamed(db(), student, 'Announced');
    expect(await firstNameSeen(student)).toBe('Announced');
  });

  it("keeps the session while the user signs in elsewhere (a sign-in's stamps are not announced)", async () => {
    const student = await createStudent(t, { firstName: 'Kept' });
    expect(await firstNameSeen(student)).toBe('Kept');
    await unannounced(db(), (trx) => renamed(trx, student, 'Unannounced'));
    const elsewhere = new TestClient(t.url);
    await elsewhere.call(signIn, { body: { email: student.email, password: TEST_PASSWORD } });
    expect(await firstNameSeen(student)).toBe(driver === 'pglite' ? 'Kept' : 'Unannounced');
  });

  it('refuses at once a session deleted by SQL', async () => {
    const student = await createStudent(t);
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(200);
    await db().deleteFrom('sessions').where('user_id', '=', student.id).execute();
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(401);
  });

  it('refuses at once the session of a user deleted by SQL', async () => {
    const student = await createStudent(t);
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(200);
    await db().deleteFrom('users').where('id', '=', student.id).execute();
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(401);
  });

  it('gives at once the new role of a user made an admin', async () => {
    const student = await createStudent(t);
    expect((await student.client.get('/api/admin/users')).status).toBe(403);
    const outcome = await setAdminRole(db(), t.app.deps.clock, {
      email: student.email,
      revoke: false,
    });
    expect(outcome.ok).toBe(true);
    expect((await student.client.get('/api/admin/users')).status).toBe(200);
  });

  it('refuses at once a session whose expiry an operator moved into the past', async () => {
    const student = await createStudent(t);
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(200);
    await db()
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', student.id)
      .execute();
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(401);
  });

  it('keeps the renewed session once Better Auth renewed it (the renewal is announced)', async () => {
    const student = await createStudent(t, { firstName: 'Kept' });
    // Due for renewal: the next request goes to Better Auth, which moves the expiry.
    await db()
      .updateTable('sessions')
      .set({ expires_at: sql`now() + interval '28 days'` })
      .where('user_id', '=', student.id)
      .execute();
    expect(await firstNameSeen(student)).toBe('Kept');
    expect(await firstNameSeen(student)).toBe('Kept');
    // Were the renewal not announced, the copy would still say "due" and send every request to
    // Better Auth, which reads the user afresh.
    await unannounced(db(), (trx) => renamed(trx, student, 'Unannounced'));
    expect(await firstNameSeen(student)).toBe(driver === 'pglite' ? 'Kept' : 'Unannounced');
  });
});

describe.each(TEST_DRIVERS)('sessions kept in memory on %s, the table emptied', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses at once every session after the sessions table was truncated', async () => {
    const student = await createStudent(t);
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(200);
    await sql`truncate sessions`.execute(t.database.db);
    expect((await student.client.get('/api/lessons/upcoming?days=7')).status).toBe(401);
  });
});
