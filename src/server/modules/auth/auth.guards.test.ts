import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../../contracts/auth.contract';
import { TestClient } from '../../test/http-client';
import { signUpAndVerify } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { requireRole, requireUser, signedInUser } from './auth.guards';

// Routes guarded exactly as feature routes are, to check the guards themselves.
const guardedRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/test/any', { preHandler: requireUser }, async (request) => ({
    id: signedInUser(request).id,
  }));
  app.get('/api/test/student-only', { preHandler: requireRole('student') }, async () => ({
    ok: 'student',
  }));
  app.get('/api/test/tutor-only', { preHandler: requireRole('tutor') }, async () => ({
    ok: 'tutor',
  }));
};

describe('role guards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { extraRoutes: guardedRoutes });
  });
  afterAll(async () => {
    await t.close();
  });

  const signedIn = async (role: 'student' | 'tutor') =>
    (await signUpAndVerify(t.url, t.inbox, role)).client;

  it('refuses guests with 401', async () => {
    const guest = new TestClient(t.url);
    for (const path of ['/api/test/any', '/api/test/student-only', '/api/test/tutor-only']) {
      const response = await guest.get(path);
      expect(response.status).toBe(401);
      expect(response.json.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('lets each role call its own routes only', async () => {
    const student = await signedIn('student');
    const tutor = await signedIn('tutor');
    expect((await student.get('/api/test/student-only')).status).toBe(200);
    expect((await student.get('/api/test/tutor-only')).status).toBe(403);
    expect((await tutor.get('/api/test/tutor-only')).status).toBe(200);
    expect((await tutor.get('/api/test/student-only')).status).toBe(403);
    expect((await tutor.get('/api/test/any')).status).toBe(200);
  });

  it('refuses a forged session cookie', async () => {
    const forged = new TestClient(t.url);
    const response = await fetch(`${t.url}/api/test/tutor-only`, {
      headers: { cookie: 'tutora.session_token=forged.value' },
    });
    expect(response.status).toBe(401);
    expect((await forged.call(getSession)).user).toBeNull();
  });
});
