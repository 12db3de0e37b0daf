import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../../contracts/auth.contract';
import { TestClient } from '../../test/http-client';
import { freePort } from '../../test/free-port';
import { signInAtIssuer, startOidcIssuer, type OidcIssuer } from '../../test/oidc-issuer';
import { startTestApp, type TestApp } from '../../test/test-app';
import { AUTH_BASE_PATH } from './auth';

// Google sign-in end to end over OpenID Connect, against a real provider on 127.0.0.1.
describe('Google sign-in', () => {
  let t: TestApp;
  let issuer: OidcIssuer;
  const accounts = {
    'grace-1': { email: 'grace.hopper@example.com', name: 'Grace Brewster Hopper' },
    'alan-2': { email: 'alan@example.com', name: 'Alan' },
    'cher-3': { email: 'cher@example.com', name: '' },
    'ada-4': { email: 'ada@example.com', name: 'Ada Lovelace' },
    'linus-5': { email: 'linus@example.com', name: 'Linus Pauling' },
    'mallory-6': { email: 'mallory@example.com', name: 'Mallory Smith' },
  };

  beforeAll(async () => {
    const port = await freePort();
    issuer = await startOidcIssuer({
      redirectUri: `http://127.0.0.1:${port}${AUTH_BASE_PATH}/callback/google`,
      accounts,
    });
    t = await startTestApp(
      'pglite',
      {
        GOOGLE_CLIENT_ID: issuer.clientId,
        GOOGLE_CLIENT_SECRET: issuer.clientSecret,
        GOOGLE_ISSUER: issuer.url,
      },
      { port },
    );
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  /** Starts the flow in the app, signs in at the provider, and returns to the app's callback. */
  async function googleFlow(
    browser: TestClient,
    accountId: string,
    intent: { role: string; isSignup: boolean },
  ) {
    const start = await browser.post('/api/auth/google', intent);
    expect(start.status).toBe(200);
    const back = await signInAtIssuer(start.json.url, accountId);
    expect(back.pathname).toBe(`${AUTH_BASE_PATH}/callback/google`);
    const callback = await browser.get(`${back.pathname}${back.search}`);
    expect(callback.status).toBe(302);
    return new URL(callback.headers.get('location')!, t.url);
  }

  it('says Google is available', async () => {
    expect((await new TestClient(t.url).get('/api/auth/providers')).json).toEqual({ google: true });
  });

  it('signs a new tutor up with the name split and lands on the callback page as new', async () => {
    const browser = new TestClient(t.url);
    const landing = await googleFlow(browser, 'grace-1', { role: 'tutor', isSignup: true });
    expect(landing.pathname).toBe('/auth/google-callback');
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      role: 'tutor',
      isSignup: 'true',
      new: 'true',
    });
    const { user } = await browser.call(getSession);
    expect(user).toMatchObject({
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      role: 'tutor',
      isProfileCompleted: false,
      isEmailVerified: true,
      socialAuthProvider: 'google',
    });
  });

  it('signs a new student up as profile-complete, with the default names', async () => {
    const alan = new TestClient(t.url);
    await googleFlow(alan, 'alan-2', { role: 'student', isSignup: true });
    expect((await alan.call(getSession)).user).toMatchObject({
      firstName: 'Alan',
      lastName: 'User',
      role: 'student',
      isProfileCompleted: true,
    });
    const cher = new TestClient(t.url);
    await googleFlow(cher, 'cher-3', { role: 'student', isSignup: true });
    expect((await cher.call(getSession)).user).toMatchObject({
      firstName: 'Unknown',
      lastName: 'User',
    });
  });

  it('returns an existing account to the callback page without the new marker, keeping its role', async () => {
    await googleFlow(new TestClient(t.url), 'ada-4', { role: 'tutor', isSignup: true });
    const browser = new TestClient(t.url);
    // Ada is a tutor already; a student sign-up intent must not change that.
    const landing = await googleFlow(browser, 'ada-4', { role: 'student', isSignup: true });
    expect(landing.searchParams.get('new')).toBeNull();
    expect(landing.searchParams.get('isSignup')).toBe('true');
    expect((await browser.call(getSession)).user?.role).toBe('tutor');
  });

  it('refuses a password sign-up for a Google account with the Google message', async () => {
    await googleFlow(new TestClient(t.url), 'linus-5', { role: 'student', isSignup: true });
    const response = await new TestClient(t.url).post('/api/auth/sign-up', {
      role: 'student',
      firstName: 'Linus',
      lastName: 'Pauling',
      email: 'linus@example.com',
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
      acceptTerms: true,
    });
    expect(response.status).toBe(409);
    expect(response.json.error.message).toBe(
      'This email is already registered with Google. Please sign in with Google.',
    );
  });

  it('refuses a suspended account: back to the callback page with the error, no session', async () => {
    await googleFlow(new TestClient(t.url), 'mallory-6', { role: 'student', isSignup: true });
    await t.database.db
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'Spam' })
      .where('email', '=', 'mallory@example.com')
      .execute();
    const browser = new TestClient(t.url);
    const landing = await googleFlow(browser, 'mallory-6', { role: 'student', isSignup: false });
    expect(landing.pathname).toBe('/auth/google-callback');
    expect(landing.searchParams.getAll('error')).toContain('ACCOUNT_SUSPENDED');
    expect((await browser.call(getSession)).user).toBeNull();
  });
});
