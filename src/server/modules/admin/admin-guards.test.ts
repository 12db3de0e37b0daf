import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInTutor, createStudent, type TestStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from './admin-fixtures';

// Every /api/admin route of the real app, walked from its route table: a guest gets 401, a
// student and a tutor 403, and nothing changes. A route added later is walked too, so an admin
// endpoint cannot ship reachable by anyone else.

const NOW = new Date('2026-03-02T10:00:00Z');
/** Routes this branch knows exist: the walk must find at least these. */
const KNOWN = ['GET /api/admin/overview', 'GET /api/admin/audit'];

/** The route's URL with every parameter (and a trailing wildcard) filled with a random id. */
const urlOf = (pattern: string) =>
  pattern.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*$/, randomUUID());

describe.each(TEST_DRIVERS)('every /api/admin route on %s', (driver) => {
  let t: TestApp;
  fixedClockApp(driver, NOW, (app) => (t = app));
  let student: TestStudent;
  let tutor: TestClient;

  beforeAll(async () => {
    student = await createStudent(t);
    tutor = (await createSignedInTutor(t)).client;
  });

  const snapshot = async () => {
    const db = t.database.db;
    const count = async (table: 'audit_log' | 'reports' | 'tutor_profile_decisions') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const users = await db
      .selectFrom('users')
      .select(['id', 'role', 'suspended_at', 'closed_at'])
      .orderBy('id')
      .execute();
    return {
      audit: await count('audit_log'),
      reports: await count('reports'),
      decisions: await count('tutor_profile_decisions'),
      users,
    };
  };

  it('refuses guests (401), students and tutors (403), and changes nothing', async () => {
    const routes = t.app.adminRoutes.map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(expect.arrayContaining(KNOWN));
    const before = await snapshot();
    const guest = new TestClient(t.url);
    for (const { method, url } of t.app.adminRoutes) {
      const path = urlOf(url);
      // A body of the wrong shape: the refusal comes before any validation.
      const body = method === 'GET' || method === 'HEAD' ? undefined : {};
      const answers = {
        guest: (await guest.request(method, path, body)).status,
        student: (await student.client.request(method, path, body)).status,
        tutor: (await tutor.request(method, path, body)).status,
      };
      expect(answers, `${method} ${url}`).toEqual({ guest: 401, student: 403, tutor: 403 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an admin path no route serves, whatever its spelling', async () => {
    for (const path of [
      '/api/admin/nothing-here',
      '/api//admin/overview',
      '/api/%61dmin/overview',
    ]) {
      expect((await new TestClient(t.url).get(path)).status, path).toBe(401);
      expect((await student.client.get(path)).status, path).toBe(403);
    }
  });

  it('lets an admin in', async () => {
    const admin = await createAdmin(t);
    const me = await admin.client.get('/api/auth/session');
    expect(me.json).toMatchObject({ user: { role: 'admin' } });
    for (const path of ['/api/admin/overview', '/api/admin/audit']) {
      expect((await admin.client.get(path)).status, path).toBe(200);
    }
  });
});
