import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../../contracts/auth.contract';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { signUpAndVerify, TEST_PASSWORD, uniqueEmail } from '../../test/accounts';
import { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { RATE_LIMITS } from './rate-limit';

// The account API as a production server runs it, with production's default settings.
describe('accounts in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      NODE_ENV: 'production',
      LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends HSTS and asks browsers to upgrade insecure requests, as only production does', async () => {
    const response = await fetch(`${t.url}/api/health`);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('counts the connecting address, whatever X-Forwarded-For claims', async () => {
    const { max } = RATE_LIMITS.resetRequestPerIp;
    const forged = (n: number) =>
      new TestClient(t.url).post(
        '/api/auth/forgot-password',
        { email: uniqueEmail('nobody') },
        { 'x-forwarded-for': `198.51.100.${n}` },
      );
    for (let n = 1; n <= max; n += 1) expect((await forged(n)).status).toBe(404);
    const over = await forged(max + 1);
    expect(over.status).toBe(429);
    expect(over.json.error.message).toBe(M.tooManyRequests);
  });

  it('keeps the session in a __Host- cookie: Secure, Path=/, no Domain', async () => {
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const signIn = await client.post('/api/auth/sign-in', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const cookies = signIn.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('__Host-tutora.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*Path=\/(;|$)/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).not.toMatch(/Domain=/i);
    // Every cookie the sign-in sets carries the prefix.
    expect(cookies.every((cookie) => cookie.startsWith('__Host-'))).toBe(true);
    expect((await client.call(getSession)).user?.email).toBe(email);
  });
});
