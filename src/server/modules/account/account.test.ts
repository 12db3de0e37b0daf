import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../contracts/account.contract';
import {
  ACCOUNT_MESSAGES as A,
  SETTINGS_MESSAGES as M,
  TUTOR_PROFILE_MESSAGES as T,
} from '../../../domain/messages';
import { signUpAndVerify, TEST_PASSWORD, uniqueEmail } from '../../test/accounts';
import { uploadAvatar } from '../../test/avatar-upload';
import { TestClient } from '../../test/http-client';
import { codeFrom } from '../../test/smtp-inbox';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

// The Settings page's API on each database: name and timezone (sign-up's name rules), the
// photo (only one's own upload), the password (current one checked, sign-up's rule, other
// sessions ended) and the email (a code to the new address first, the old address told).

const NEW_PASSWORD = 'N3w!secret';

describe.each(TEST_DRIVERS)('account settings on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers only the signed-in user, with their own account', async () => {
    expect((await new TestClient(t.url).get('/api/account')).status).toBe(401);
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student', {
      firstName: 'Ada',
      lastName: 'Byron',
    });
    const me = await client.get('/api/account');
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      email,
      firstName: 'Ada',
      lastName: 'Byron',
      role: 'student',
      timezone: null,
      avatarUrl: null,
      hasPassword: true,
    } satisfies AccountView);
  });

  it('changes the name and timezone with the sign-up rules and messages', async () => {
    const { client } = await signUpAndVerify(t.url, t.inbox, 'tutor');
    const save = (body: object) => client.request('PUT', '/api/account/profile', body);
    const refused = [
      [{ firstName: '', lastName: 'Lovelace', timezone: 'Europe/London' }, A.namesEmpty],
      [{ firstName: 'Ada1', lastName: 'Lovelace', timezone: 'Europe/London' }, A.namesLettersOnly],
      [{ firstName: 'Ada', lastName: 'ada', timezone: 'Europe/London' }, A.namesMustDiffer],
      [{ firstName: 'Ada', lastName: 'Lovelace', timezone: 'Mars/Olympus' }, T.timezoneInvalid],
    ] as const;
    for (const [body, message] of refused) {
      const response = await save(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.code).toBe('VALIDATION_FAILED');
      expect(Object.values(response.json.error.fields ?? {})).toContain(message);
    }
    const saved = await save({ firstName: 'aDA', lastName: 'lovelace', timezone: 'Europe/London' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      timezone: 'Europe/London',
    });
    const session = await client.get('/api/auth/session');
    expect(session.json.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('uses only a photo the user uploaded, and shows it on a tutor’s profile too', async () => {
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const { client: other } = await signUpAndVerify(t.url, t.inbox, 'student');
    const theirs = await uploadAvatar(t.url, other);
    const stolen = await client.request('PUT', '/api/account/photo', { avatarPath: theirs });
    expect(stolen.status).toBe(400);
    expect(stolen.json.error.message).toBe(M.photoNotYours);

    const mine = await uploadAvatar(t.url, client);
    const saved = await client.request('PUT', '/api/account/photo', { avatarPath: mine });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.avatarUrl).toMatch(/^\/api\/files\//);
    const image = await client.get(saved.json.avatarUrl);
    expect(image.status).toBe(200);
    expect((await client.get('/api/auth/session')).json.user.avatarUrl).toMatch(/^\/api\/files\//);

    const removed = await client.request('PUT', '/api/account/photo', { avatarPath: null });
    expect(removed.json.avatarUrl).toBeNull();
    const row = await t.database.db
      .selectFrom('users')
      .select('avatar_url')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.avatar_url).toBeNull();
  });

  it('changes the password after checking the current one, and ends other sessions', async () => {
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const elsewhere = new TestClient(t.url);
    expect(
      (await elsewhere.post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).status,
    ).toBe(200);
    const change = (body: object) => client.post('/api/account/password', body);
    const mails = t.inbox.countTo(email);

    const weak = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'weakpass',
      confirmPassword: 'weakpass',
    });
    expect(weak.status).toBe(400);
    expect(weak.json.error.fields.newPassword).toBe(A.weakPassword);
    const mismatch = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.json.error.fields.confirmPassword).toBe(A.passwordsDoNotMatch);
    const wrong = await change({
      currentPassword: 'Wr0ng!pass',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe(M.currentPasswordWrong);

    const changed = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status, changed.text).toBe(204);
    // The owner is told, in case it was not them (refusals above sent nothing).
    const notice = await t.inbox.waitFor(email, { afterCount: mails });
    expect(notice.subject).toBe('Your Tutora password was changed');
    expect(t.inbox.countTo(email)).toBe(mails + 1);
    // This browser stays signed in; the other one is signed out.
    expect((await client.get('/api/account')).status).toBe(200);
    expect((await elsewhere.get('/api/account')).status).toBe(401);
    const fresh = new TestClient(t.url);
    expect((await fresh.post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).status).toBe(
      401,
    );
    expect((await fresh.post('/api/auth/sign-in', { email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('changes the email only once the code sent to the new address is confirmed', async () => {
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const { email: taken } = await signUpAndVerify(t.url, t.inbox, 'student');
    const request = (newEmail: string) =>
      client.post('/api/account/email', { newEmail, password: TEST_PASSWORD });

    // A session alone cannot move the account: the password is asked again.
    const withoutPassword = await client.post('/api/account/email', {
      newEmail: uniqueEmail('thief'),
    });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.json.error.fields.password).toBe(M.currentPasswordRequired);
    const wrongPassword = await client.post('/api/account/email', {
      newEmail: uniqueEmail('thief'),
      password: 'Wrong!pass1',
    });
    expect(wrongPassword.json.error.fields.password).toBe(M.currentPasswordWrong);
    expect((await request('not an email')).json.error.fields.newEmail).toBe(A.invalidEmail);
    expect((await request(email)).json.error.message).toBe(M.sameEmail);
    const clash = await request(taken.toUpperCase());
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toBe(A.emailAlreadyRegistered);

    const newEmail = uniqueEmail('moved');
    expect((await request(newEmail)).status).toBe(204);
    const code = codeFrom(await t.inbox.waitFor(newEmail));
    // Nothing changed yet.
    expect((await client.get('/api/account')).json.email).toBe(email);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const refused = await client.post('/api/account/email/confirm', { newEmail, code: wrongCode });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(A.invalidVerificationCode);

    const confirmed = await client.post('/api/account/email/confirm', { newEmail, code });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.email).toBe(newEmail);
    expect((await client.get('/api/auth/session')).json.user.email).toBe(newEmail);
    const notice = await t.inbox.waitFor(email, { afterCount: 1 });
    expect(notice.subject).toBe('Your Tutora email address was changed');
    expect(notice.text).toContain(newEmail);

    const signIn = (address: string) =>
      new TestClient(t.url).post('/api/auth/sign-in', { email: address, password: TEST_PASSWORD });
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn(newEmail)).status).toBe(200);
  });
});
