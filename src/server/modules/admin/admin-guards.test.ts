import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInTutor, createStudent, type TestStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';

// Every /api/admin route of the real app, walked from its route table: a guest gets 401, a
// student and a tutor 403, and nothing changes. A route added later is walked too, so an admin
// endpoint cannot ship reachable by anyone else.

const NOW = new Date('2026-03-02T10:00:00Z');
/** A request with its path exactly as written (fetch would resolve `.` and `%2e` segments). */
function sendAsWritten(base: string, method: string, path: string, cookie: string, body?: unknown) {
  const { hostname, port } = new URL(base);
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    origin: base,
    cookie,
    'content-length': String(Buffer.byteLength(text)),
    ...(body !== undefined && { 'content-type': 'application/json' }),
  };
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      { hostname, port, path, method, headers, agent: false },
      (response) => {
        let answer = '';
        response.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, text: answer }));
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

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

  it('refuses an admin path no route serves', async () => {
    const path = '/api/admin/nothing-here';
    expect((await new TestClient(t.url).get(path)).status).toBe(401);
    expect((await student.client.get(path)).status).toBe(403);
  });

  it('refuses every admin route to a student at any other spelling of its path (400), and changes nothing', async () => {
    const spellings = [
      (path: string) => path.replace('/api/', '/%61pi/'),
      (path: string) => path.replace('/api/admin/', '/api/%61dmin/'),
      (path: string) => path.replace('/api/', '/api//'),
      (path: string) => path.replace('/api/', '/API/'),
      (path: string) => path.replace('/api/', '/api/./'),
      (path: string) => path.replace('/api/', '/api/%2e/'),
    ];
    const before = await snapshot();
    for (const { method, url } of t.app.adminRoutes) {
      for (const spell of spellings) {
        const path = spell(urlOf(url));
        const body = method === 'GET' || method === 'HEAD' ? undefined : {};
        const answer = await sendAsWritten(
          t.url,
          method,
          path,
          student.client.cookieHeader(),
          body,
        );
        expect(answer, `${method} ${path}`).toMatchObject({ status: 400 });
        if (method !== 'HEAD') expect(answer.text, `${method} ${path}`).toContain('canonical form');
      }
    }
    expect(await snapshot()).toEqual(before);
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
