import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forgotPassword,
  getAuthProviders,
  getSession,
  resendCode,
  resetPassword,
  signIn,
  signOut,
  signUp as signUpEndpoint,
  verifyEmail,
} from '../../../contracts/auth.contract';
import { RESEND_COOLDOWN_SECONDS } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { fixedClock } from '../../adapters/clock';
import { TEST_PASSWORD, uniqueEmail } from '../../test/accounts';
import { TestClient } from '../../test/http-client';
import { codeFrom, resetLinkFrom } from '../../test/smtp-inbox';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

const PASSWORD = TEST_PASSWORD;

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  role: 'student' as 'student' | 'tutor',
  firstName: 'ada',
  lastName: 'LOVELACE',
  email: uniqueEmail(),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
  ...overrides,
});

describe.each(TEST_DRIVERS)('accounts on %s', (driver) => {
  let t: TestApp;
  // Moved on past the resend cooldown where a test resends twice.
  const clock = fixedClock(new Date());
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const client = () => new TestClient(t.url);
  const userRow = (email: string) =>
    t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  /** Signs up and verifies; returns the signed-in client. */
  async function verifiedUser(role: 'student' | 'tutor' = 'student') {
    const browser = client();
    const body = signUpBody({ role });
    await browser.call(signUpEndpoint, { body });
    const code = codeFrom(await t.inbox.waitFor(body.email));
    await browser.call(verifyEmail, { body: { email: body.email, code } });
    return { browser, email: body.email };
  }

  it('signs a student up, mails a code, verifies it and signs them in', async () => {
    const browser = client();
    const body = signUpBody({ email: uniqueEmail('Ada').toUpperCase() });
    const email = body.email.toLowerCase();
    const signUp = await browser.call(signUpEndpoint, { body });
    expect(signUp).toEqual({ email, role: 'student' });

    const row = await userRow(email);
    expect(row).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'student',
      is_email_verified: false,
      has_password: true,
      social_auth_provider: 'none',
    });
    const profile = await t.database.db
      .selectFrom('student_profiles')
      .select('user_id')
      .where('user_id', '=', row!.id)
      .executeTakeFirst();
    expect(profile).toBeDefined();

    const mail = await t.inbox.waitFor(email);
    const code = codeFrom(mail);
    expect(mail.subject).toContain(code);
    // Stored hashed: neither the code nor the email appears in the verification table.
    const stored = await t.database.db.selectFrom('verifications').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(email);

    const verified = await browser.call(verifyEmail, { body: { email, code } });
    expect(verified).toMatchObject({
      user: {
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'student',
        isEmailVerified: true,
      },
      redirectTo: '/student/overview',
    });
    const session = await browser.call(getSession);
    expect(session.user).toMatchObject({ email, role: 'student' });
    expect((await userRow(email))?.last_login_at).toBeInstanceOf(Date);

    // Single use: the same code does not work twice.
    const again = await client().callError(verifyEmail, { body: { email, code } });
    expect(again.status).toBe(400);
  });

  it.each([
    ["o'brien", 'mary-jane', "O'Brien", 'Mary-Jane'],
    ['José', 'zoë', 'José', 'Zoë'],
    ['Siobhán', 'Ó’Súilleabháin', 'Siobhán', 'Ó’Súilleabháin'],
  ])(
    'accepts the real names %s %s and saves them as %s %s',
    async (first, last, saved, savedLast) => {
      const body = signUpBody({ firstName: first, lastName: last });
      await client().call(signUpEndpoint, { body });
      expect(await userRow(body.email)).toMatchObject({ first_name: saved, last_name: savedLast });
    },
  );

  it.each([
    [{ firstName: '' }, 'firstName', M.namesEmpty],
    [{ lastName: '   ' }, 'lastName', M.namesEmpty],
    [{ firstName: 'Ada1' }, 'firstName', M.namesLettersOnly],
    [{ lastName: 'Lovelace-' }, 'lastName', M.namesLettersOnly],
    [{ firstName: "'Ada" }, 'firstName', M.namesLettersOnly],
    [{ firstName: 'Ada', lastName: 'ada' }, 'lastName', M.namesMustDiffer],
    [{ email: 'ada@' }, 'email', M.invalidEmail],
    [{ password: 'short1!A', confirmPassword: 'short1!A', firstName: 'Bo' }, null, null],
    [{ password: 'nouppercase1!', confirmPassword: 'nouppercase1!' }, 'password', M.weakPassword],
    [{ password: 'NoDigits!!', confirmPassword: 'NoDigits!!' }, 'password', M.weakPassword],
    [{ password: 'NoSpecial11', confirmPassword: 'NoSpecial11' }, 'password', M.weakPassword],
    [{ password: 'Bad space1!', confirmPassword: 'Bad space1!' }, 'password', M.weakPassword],
    [{ confirmPassword: 'Other1!pass' }, 'confirmPassword', M.passwordsDoNotMatch],
    [{ acceptTerms: false }, 'acceptTerms', M.acceptTerms],
    [{ role: 'admin' }, 'role', null],
  ])('rejects %o with its message and stores nothing', async (overrides, field, message) => {
    const body = signUpBody(overrides);
    const response = await client().post('/api/auth/sign-up', body);
    if (field === null) {
      // 'short1!A' is 8 characters of the allowed kinds: valid.
      expect(response.status).toBe(201);
      return;
    }
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('VALIDATION_FAILED');
    if (message) {
      expect(response.json.error.fields[field]).toBe(message);
      expect(response.json.error.message).toBe(message);
    }
    expect(await userRow(String(body.email).toLowerCase())).toBeUndefined();
  });

  it('rejects an email that is already registered, with the message for how it was registered', async () => {
    const { email } = await verifiedUser();
    const again = await client().post('/api/auth/sign-up', signUpBody({ email }));
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: 'EMAIL_TAKEN', message: M.emailAlreadyRegistered });

    const googleEmail = uniqueEmail('google');
    await t.database.db
      .insertInto('users')
      .values({
        email: googleEmail,
        full_name: 'Grace Hopper',
        first_name: 'Grace',
        last_name: 'Hopper',
        role: 'student',
        social_auth_provider: 'google',
        is_email_verified: true,
      })
      .execute();
    const google = await client().callError(signUpEndpoint, {
      body: signUpBody({ email: googleEmail }),
    });
    expect(google.status).toBe(409);
    expect(google.message).toBe(M.emailRegisteredWithGoogle);
  });

  it('kills a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const body = signUpBody();
    await client().call(signUpEndpoint, { body });
    const code = codeFrom(await t.inbox.waitFor(body.email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await client().callError(verifyEmail, {
        body: {
          email: body.email,
          code: wrong,
        },
      });
      expect(response.status).toBe(400);
      expect(response.message).toBe(M.invalidVerificationCode);
    }
    const sixth = await client().callError(verifyEmail, { body: { email: body.email, code } });
    expect(sixth.status).toBe(400);
    expect(sixth.message).toBe(M.tooManyCodeAttempts);
    expect((await userRow(body.email))?.is_email_verified).toBe(false);
  });

  it('refuses an expired code, and a resend replaces the previous code', async () => {
    const body = signUpBody();
    await client().call(signUpEndpoint, { body });
    const first = codeFrom(await t.inbox.waitFor(body.email));
    await t.database.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identifier', 'like', '%')
      .where('expires_at', '>', new Date())
      .execute();
    const expired = await client().callError(verifyEmail, {
      body: {
        email: body.email,
        code: first,
      },
    });
    expect(expired.status).toBe(400);
    expect(expired.message).toBe(M.codeExpired);

    const liveCodes = async () =>
      (await t.database.db.selectFrom('verifications').select('id').execute()).length;
    await client().call(resendCode, { body: { email: body.email } });
    const second = codeFrom(await t.inbox.waitFor(body.email, { afterCount: 1 }));
    const codesAfterFirstResend = await liveCodes();
    clock.advance(RESEND_COOLDOWN_SECONDS * 1000);
    await client().call(resendCode, { body: { email: body.email } });
    const third = codeFrom(await t.inbox.waitFor(body.email, { afterCount: 2 }));
    // One live code per email: the resend replaced the earlier one rather than adding one.
    expect(await liveCodes()).toBe(codesAfterFirstResend);
    if (second !== third) {
      const replaced = await client().callError(verifyEmail, {
        body: {
          email: body.email,
          code: second,
        },
      });
      expect(replaced.status).toBe(400);
    }
    await client().call(verifyEmail, { body: { email: body.email, code: third } });
  });

  it('sends an unverified user to verification on sign-in, with a fresh code', async () => {
    const body = signUpBody({ role: 'tutor' });
    await client().call(signUpEndpoint, { body });
    await t.inbox.waitFor(body.email);
    const response = await client().callError(signIn, {
      body: {
        email: body.email,
        password: PASSWORD,
      },
    });
    expect(response.status).toBe(403);
    expect(response.code).toBe('EMAIL_NOT_VERIFIED');
    const fresh = await t.inbox.waitFor(body.email, { afterCount: 1 });
    const verified = await client().call(verifyEmail, {
      body: {
        email: body.email,
        code: codeFrom(fresh),
      },
    });
    expect(verified.redirectTo).toBe('/tutor/complete-profile');
  });

  it('signs in with a new session each time, honours remember me, and signs out on the server', async () => {
    const { email } = await verifiedUser('tutor');
    const short = client();
    const signIn = await short.post('/api/auth/sign-in', {
      email,
      password: PASSWORD,
      rememberMe: false,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.json.redirectTo).toBe('/tutor/complete-profile');
    const sessionCookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('tutora.session_token='))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);

    const long = client();
    const remembered = await long.post('/api/auth/sign-in', {
      email,
      password: PASSWORD,
      rememberMe: true,
    });
    const longCookie = remembered.headers
      .getSetCookie()
      .find((c) => c.startsWith('tutora.session_token='))!;
    expect(longCookie).toMatch(/Max-Age=2592000/);
    expect(longCookie.split(';')[0]).not.toBe(sessionCookie.split(';')[0]);

    // Sign-out ends the session on the server: a copy of the old cookie no longer works.
    const stolen = short.cookieHeader();
    await short.call(signOut);
    const replay = await fetch(`${t.url}/api/auth/session`, { headers: { cookie: stolen } });
    expect((await replay.json()).user).toBeNull();
    expect((await long.call(getSession)).user?.email).toBe(email);
  });

  it('refuses a wrong password, then limits brute force with 429 per account', async () => {
    const { email } = await verifiedUser();
    const attacker = client();
    const wrong = await attacker.post('/api/auth/sign-in', { email, password: 'Wrong1!pass' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe(M.invalidCredentials);
    let last = wrong;
    for (let attempt = 2; attempt <= 11; attempt += 1) {
      last = await attacker.post('/api/auth/sign-in', { email, password: `Wrong${attempt}!pass` });
    }
    expect(last.status).toBe(429);
    expect(last.json.error).toEqual({ code: 'RATE_LIMITED', message: M.tooManyRequests });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password is refused while the account is limited.
    expect((await client().post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(
      429,
    );
  });

  it('resets a password once through the mailed link and ends other sessions', async () => {
    const unknown = await client().callError(forgotPassword, {
      body: {
        email: uniqueEmail('nobody'),
      },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(M.noAccountForEmail);

    const { browser: otherDevice, email } = await verifiedUser();
    const mailsBefore = t.inbox.countTo(email);
    await client().call(forgotPassword, { body: { email } });
    const link = resetLinkFrom(await t.inbox.waitFor(email, { afterCount: mailsBefore }));
    expect(link.origin).toBe(t.url);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits

    const weak = await client().callError(resetPassword, {
      body: {
        token,
        password: 'short',
        confirmPassword: 'short',
      },
    });
    expect(weak.status).toBe(400);
    expect(weak.fields?.password).toBe(M.resetPasswordTooShort);

    const newPassword = 'N3w!password';
    await client().call(resetPassword, {
      body: {
        token,
        password: newPassword,
        confirmPassword: newPassword,
      },
    });
    const reused = await client().callError(resetPassword, {
      body: {
        token,
        password: 'An0ther!pass',
        confirmPassword: 'An0ther!pass',
      },
    });
    expect(reused.status).toBe(400);
    expect(reused.message).toBe(M.resetLinkInvalid);

    expect((await otherDevice.call(getSession)).user).toBeNull();
    expect((await client().post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(
      401,
    );
    expect(
      (await client().post('/api/auth/sign-in', { email, password: newPassword })).status,
    ).toBe(200);
  });

  it('refuses cross-site writes', async () => {
    const response = await client().post(
      '/api/auth/sign-in',
      { email: 'a@example.com', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });

  it('answers whether Google sign-in is available', async () => {
    expect(await client().call(getAuthProviders)).toEqual({ google: false });
    expect(
      (await client().post('/api/auth/google', { role: 'student', isSignup: true })).status,
    ).toBe(404);
  });
});

describe('a sign-up whose code email cannot be sent', () => {
  it('leaves no user row behind', async () => {
    // Nothing listens on port 1: delivery fails.
    const t = await startTestApp('pglite', { SMTP_URL: 'smtp://127.0.0.1:1?tls=off' });
    try {
      const body = signUpBody();
      const response = await new TestClient(t.url).post('/api/auth/sign-up', body);
      expect(response.status).toBe(503);
      expect(response.json.error.message).toBe(M.codeEmailFailed);
      const row = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
