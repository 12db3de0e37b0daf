import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_COOLDOWN_SECONDS } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M, AUTH_LIMIT_MESSAGES as L } from '../../../domain/messages';
import { fixedClock } from '../../adapters/clock';
import { signUpAndVerify, TEST_PASSWORD, uniqueEmail } from '../../test/accounts';
import { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { RATE_LIMITS } from './rate-limit';

// The account endpoints' limits as people meet them from different addresses. The app trusts
// the loopback proxy (the tests' own connection) to name the client in X-Forwarded-For, as a
// production server behind its reverse proxy would.

let addresses = 0;
/** A client at an address of its own (TEST-NET-3), forwarded by the trusted proxy. */
function clientAt(url: string) {
  addresses += 1;
  const address = `203.0.113.${addresses}`;
  const client = new TestClient(url);
  return {
    signIn: (email: string, password: string) =>
      client.post('/api/auth/sign-in', { email, password }, { 'x-forwarded-for': address }),
    forgotPassword: (email: string) =>
      client.post('/api/auth/forgot-password', { email }, { 'x-forwarded-for': address }),
  };
}

describe.each(TEST_DRIVERS)('account limits on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClock(new Date());
  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: '127.0.0.1' }, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts each client a trusted proxy names at its own address', async () => {
    const { max } = RATE_LIMITS.resetRequestPerIp;
    for (let request = 1; request <= max + 1; request += 1) {
      const answer = await clientAt(t.url).forgotPassword(uniqueEmail('nobody'));
      expect(answer.status).toBe(404);
    }
  });

  it('locks only the guessing address out: the owner still signs in from their own', async () => {
    const { email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const attacker = clientAt(t.url);
    const { max } = RATE_LIMITS.signInPerAccountAndIp;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect((await attacker.signIn(email, `Wrong${attempt}!pass`)).status).toBe(401);
    }
    const refused = await attacker.signIn(email, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toEqual({ code: 'RATE_LIMITED', message: M.tooManyRequests });

    const owner = await clientAt(t.url).signIn(email, TEST_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.json.user.email).toBe(email);
  });

  it('keeps a ceiling on one account across all addresses', async () => {
    const { email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const perAddress = RATE_LIMITS.signInPerAccountAndIp.max;
    const ceiling = RATE_LIMITS.signInPerAccount.max;
    expect(ceiling).toBeGreaterThan(perAddress);
    for (let attempt = 0; attempt < ceiling; attempt += perAddress) {
      const guesser = clientAt(t.url);
      for (let guess = 1; guess <= Math.min(perAddress, ceiling - attempt); guess += 1) {
        expect((await guesser.signIn(email, `Wrong${guess}!pass`)).status).toBe(401);
      }
    }
    const fresh = await clientAt(t.url).signIn(email, TEST_PASSWORD);
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sends a new code at most once a minute per email, saying how long to wait', async () => {
    const email = uniqueEmail('unverified');
    const browser = new TestClient(t.url);
    const signUp = await browser.post('/api/auth/sign-up', {
      role: 'student',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      acceptTerms: true,
    });
    expect(signUp.status).toBe(201);
    await t.inbox.waitFor(email);
    const resend = () => browser.post('/api/auth/resend-code', { email });

    expect((await resend()).status).toBe(204);
    await t.inbox.waitFor(email, { afterCount: 1 });

    clock.advance((RESEND_COOLDOWN_SECONDS - 15) * 1000);
    const early = await resend();
    expect(early.status).toBe(429);
    expect(early.json.error).toEqual({ code: 'RATE_LIMITED', message: L.resendCooldown(15) });
    expect(early.headers.get('retry-after')).toBe('15');
    expect(t.inbox.countTo(email)).toBe(2);

    clock.advance(15_000);
    expect((await resend()).status).toBe(204);
    await t.inbox.waitFor(email, { afterCount: 2 });
  });
});
