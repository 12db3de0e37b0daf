import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount, updateAccountTimezone } from '../../../contracts/account.contract';
import { getSession, signUp } from '../../../contracts/auth.contract';
import { createCalendarFeed } from '../../../contracts/calendar-feed.contract';
import { TUTOR_PROFILE_MESSAGES as T } from '../../../domain/messages';
import { signUpAndVerify, TEST_PASSWORD, uniqueEmail } from '../../test/accounts';
import { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

// The account's timezone (ADR 026): the browser's zone is stored at sign-up, the session
// carries it to every screen, the calendar feed names it, and one call switches it.

describe.each(TEST_DRIVERS)('the account timezone on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the zone sent with the sign-up: session, account and calendar feed use it', async () => {
    const { client } = await signUpAndVerify(t.url, t.inbox, 'student', {
      timezone: 'Asia/Tokyo',
    });
    const zone = async () => (await client.call(getSession)).user?.timezone;
    expect(await zone()).toBe('Asia/Tokyo');
    expect((await client.call(getAccount)).timezone).toBe('Asia/Tokyo');

    const { url } = await client.call(createCalendarFeed);
    const feed = await (await fetch(url)).text();
    const calendar = new ICAL.Component(ICAL.parse(feed));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Tokyo');
  });

  it('refuses a zone that does not exist and creates no account', async () => {
    const email = uniqueEmail('zone');
    const response = await new TestClient(t.url).callError(signUp, {
      body: {
        role: 'student',
        firstName: 'Sam',
        lastName: 'Jones',
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
        timezone: 'Mars/Olympus',
      },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response)).toContain(T.timezoneInvalid);
    const row = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('switches the zone in one call, and the session follows at once', async () => {
    const { client } = await signUpAndVerify(t.url, t.inbox, 'tutor', {
      timezone: 'Europe/Warsaw',
    });
    const zone = async () => (await client.call(getSession)).user?.timezone;
    const bad = await client.callError(updateAccountTimezone, {
      body: { timezone: 'Europe/Nowhere' },
    });
    expect(bad.status).toBe(400);
    expect(await zone()).toBe('Europe/Warsaw');

    const switched = await client.call(updateAccountTimezone, {
      body: { timezone: 'America/New_York' },
    });
    expect(switched.timezone).toBe('America/New_York');
    expect(await zone()).toBe('America/New_York');
    const signedOut = new TestClient(t.url);
    expect(
      (await signedOut.callError(updateAccountTimezone, { body: { timezone: 'UTC' } })).status,
    ).toBe(401);
  });
});
