import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession, signOut } from '../../../contracts/auth.contract';
import { fixedClock } from '../../adapters/clock';
import { TEST_PASSWORD } from '../../test/accounts';
import { createStudent, type TestStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { resetLinkFrom } from '../../test/smtp-inbox';
import { startSecondProcess, startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';
import { setAdminRole } from '../admin/admin-role';

// Two API processes on one PostgreSQL database, as production runs them: a session revoked
// through one process is refused by the other on its very next request (ADR 021).

const postgres = TEST_DRIVERS.filter((driver) => driver === 'postgres');

describe.skipIf(postgres.length === 0)('sessions with two API processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // One clock for both, as two processes on one host share the time.
    const clock = fixedClock(new Date());
    a = await startTestApp('postgres', {}, { clock });
    b = await startSecondProcess(a, {}, { clock });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A student signed in through A whose session B has just accepted. */
  async function usedOnB(): Promise<{ student: TestStudent; onB: TestClient }> {
    const student = await createStudent(a);
    const onB = student.client.on(b.url);
    const session = await onB.get('/api/auth/session');
    expect(session.json.user?.email).toBe(student.email);
    expect((await onB.get('/api/lessons/upcoming?days=7')).status).toBe(200);
    return { student, onB };
  }

  async function expectRefusedOnB(onB: TestClient) {
    expect((await onB.get('/api/lessons/upcoming?days=7')).status).toBe(401);
    expect(await onB.call(getSession)).toEqual({ user: null });
  }

  it('refuses on B a session signed out on A', async () => {
    const { student, onB } = await usedOnB();
    await student.client.call(signOut);
    await expectRefusedOnB(onB);
  });

  it('refuses on B the session of a user an admin suspended on A', async () => {
    const { student, onB } = await usedOnB();
    const admin = await createAdmin(a);
    const suspended = await admin.client.post(`/api/admin/users/${student.id}/suspend`, {
      reason: 'Abusive messages',
    });
    expect(suspended.status, suspended.text).toBe(200);
    await expectRefusedOnB(onB);
  });

  it('refuses on B every session of a user who reset their password on A', async () => {
    const { student, onB } = await usedOnB();
    const mailsBefore = a.inbox.messages.filter((mail) => mail.to === student.email).length;
    const visitor = new TestClient(a.url);
    const asked = await visitor.post('/api/auth/forgot-password', { email: student.email });
    expect(asked.status).toBe(204);
    const link = resetLinkFrom(await a.inbox.waitFor(student.email, { afterCount: mailsBefore }));
    const reset = await visitor.post('/api/auth/reset-password', {
      token: link.searchParams.get('token'),
      password: `${TEST_PASSWORD}2`,
      confirmPassword: `${TEST_PASSWORD}2`,
    });
    expect(reset.status, reset.text).toBe(204);
    await expectRefusedOnB(onB);
  });

  it('gives B the new role of a user promoted on A at once', async () => {
    const { student, onB } = await usedOnB();
    expect((await onB.get('/api/admin/users')).status).toBe(403);
    const outcome = await setAdminRole(a.database.db, a.app.deps.clock, {
      email: student.email,
      revoke: false,
    });
    expect(outcome.ok).toBe(true);
    expect((await onB.get('/api/admin/users')).status).toBe(200);
  });
});
