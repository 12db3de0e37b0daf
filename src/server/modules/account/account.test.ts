import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changePassword,
  confirmEmailChange,
  getAccount,
  requestEmailChange,
  updateAccountPhoto,
  updateAccountProfile,
  type AccountView,
} from '../../../contracts/account.contract';
import { getSession, signIn } from '../../../contracts/auth.contract';
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
    expect((await new TestClient(t.url).callError(getAccount)).status).toBe(401);
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student', {
      firstName: 'Ada',
      lastName: 'Byron',
    });
    expect(await client.call(getAccount)).toEqual({
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

    const refused = [
      [{ firstName: '', lastName: 'Lovelace', timezone: 'Europe/London' }, A.namesEmpty],
      [{ firstName: 'Ada1', lastName: 'Lovelace', timezone: 'Europe/London' }, A.namesLettersOnly],
      [{ firstName: 'Ada', lastName: 'ada', timezone: 'Europe/London' }, A.namesMustDiffer],
      [{ firstName: 'Ada', lastName: 'Lovelace', timezone: 'Mars/Olympus' }, T.timezoneInvalid],
    ] as const;
    for (const [body, message] of refused) {
      const response = await client.callError(updateAccountProfile, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.code).toBe('VALIDATION_FAILED');
      expect(Object.values(response.fields ?? {})).toContain(message);
    }
    const saved = await client.call(updateAccountProfile, {
      body: { firstName: 'aDA', lastName: 'lovelace', timezone: 'Europe/London' },
    });
    expect(saved).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      timezone: 'Europe/London',
    });
    const session = await client.call(getSession);
    expect(session.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('uses only a photo the user uploaded, and shows it on a tutor’s profile too', async () => {
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const { client: other } = await signUpAndVerify(t.url, t.inbox, 'student');
    const theirs = await uploadAvatar(t.url, other);
    const stolen = await client.callError(updateAccountPhoto, { body: { avatarPath: theirs } });
    expect(stolen).toMatchObject({ status: 400, message: M.photoNotYours });

    const mine = await uploadAvatar(t.url, client);
    const saved = await client.call(updateAccountPhoto, { body: { avatarPath: mine } });
    expect(saved.avatarUrl).toMatch(/^\/api\/files\//);
    const image = await client.get(saved.avatarUrl!);
    expect(image.status).toBe(200);
    expect((await client.call(getSession)).user?.avatarUrl).toMatch(/^\/api\/files\//);

    const removed = await client.call(updateAccountPhoto, { body: { avatarPath: null } });
    expect(removed.avatarUrl).toBeNull();
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
    await elsewhere.call(signIn, { body: { email, password: TEST_PASSWORD } });
    const change = (body: object) => client.callError(changePassword, { body });
    const mails = t.inbox.countTo(email);

    const weak = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'weakpass',
      confirmPassword: 'weakpass',
    });
    expect(weak.status).toBe(400);
    expect(weak.fields?.newPassword).toBe(A.weakPassword);
    const mismatch = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.fields?.confirmPassword).toBe(A.passwordsDoNotMatch);
    const wrong = await change({
      currentPassword: 'Wr0ng!pass',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong).toMatchObject({ status: 400, message: M.currentPasswordWrong });

    await client.call(changePassword, {
      body: {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    // The owner is told, in case it was not them (refusals above sent nothing).
    const notice = await t.inbox.waitFor(email, { afterCount: mails });
    expect(notice.subject).toBe('Your Tutora password was changed');
    expect(t.inbox.countTo(email)).toBe(mails + 1);
    // This browser stays signed in; the other one is signed out.
    expect((await client.call(getAccount)).email).toBe(email);
    expect((await elsewhere.callError(getAccount)).status).toBe(401);
    const fresh = new TestClient(t.url);
    const oldPassword = { body: { email, password: TEST_PASSWORD } };
    expect((await fresh.callError(signIn, oldPassword)).status).toBe(401);
    await fresh.call(signIn, { body: { email, password: NEW_PASSWORD } });
  });

  it('changes the email only once the code sent to the new address is confirmed', async () => {
    const { client, email } = await signUpAndVerify(t.url, t.inbox, 'student');
    const { email: taken } = await signUpAndVerify(t.url, t.inbox, 'student');
    const refusal = (newEmail: string) =>
      client.callError(requestEmailChange, { body: { newEmail, password: TEST_PASSWORD } });

    // A session alone cannot move the account: the password is asked again.
    const withoutPassword = await client.callError(requestEmailChange, {
      body: { newEmail: uniqueEmail('thief') },
    });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.fields?.password).toBe(M.currentPasswordRequired);
    const wrongPassword = await client.callError(requestEmailChange, {
      body: { newEmail: uniqueEmail('thief'), password: 'Wrong!pass1' },
    });
    expect(wrongPassword.fields?.password).toBe(M.currentPasswordWrong);
    expect((await refusal('not an email')).fields?.newEmail).toBe(A.invalidEmail);
    expect((await refusal(email)).message).toBe(M.sameEmail);
    const clash = await refusal(taken.toUpperCase());
    expect(clash).toMatchObject({ status: 409, message: A.emailAlreadyRegistered });

    const newEmail = uniqueEmail('moved');
    await client.call(requestEmailChange, { body: { newEmail, password: TEST_PASSWORD } });
    const code = codeFrom(await t.inbox.waitFor(newEmail));
    // Nothing changed yet.
    expect((await client.call(getAccount)).email).toBe(email);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const refused = await client.callError(confirmEmailChange, {
      body: { newEmail, code: wrongCode },
    });
    expect(refused).toMatchObject({ status: 400, message: A.invalidVerificationCode });

    const confirmed = await client.call(confirmEmailChange, { body: { newEmail, code } });
    expect(confirmed.email).toBe(newEmail);
    expect((await client.call(getSession)).user?.email).toBe(newEmail);
    const notice = await t.inbox.waitFor(email, { afterCount: 1 });
    expect(notice.subject).toBe('Your Tutora email address was changed');
    expect(notice.text).toContain(newEmail);

    const signInAs = (address: string) => ({ body: { email: address, password: TEST_PASSWORD } });
    expect((await new TestClient(t.url).callError(signIn, signInAs(email))).status).toBe(401);
    await new TestClient(t.url).call(signIn, signInAs(newEmail));
  });
});
