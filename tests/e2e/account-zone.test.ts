import type { BrowserContextOptions } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ZONE_MESSAGES as Z, BOOKING_MESSAGES as M } from '../../src/domain/messages';
import { createLesson, createTutors, type TestTutor } from '../../src/server/test/factories';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { FIXED_NOW } from './support/fixed-time';
import { signUpStudent } from './support/sign-up';

// One rule for times (ADR 026): the account's timezone, whatever zone the device is in. A
// student whose account is in Tokyo, on a laptop in Berlin, reads Tokyo times, is told the
// device differs, and switches in one click.

const HOUR = 3_600_000;
const BERLIN = { timezoneId: 'Europe/Berlin', locale: 'en-US' } satisfies BrowserContextOptions;
const clock = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(
    at,
  );

describe.skipIf(!hasChromium)('the account timezone in a browser', () => {
  const suite = browserSuite();
  let student: Awaited<ReturnType<typeof signUpStudent>>;
  let tutor: TestTutor;
  const start = new Date(FIXED_NOW.getTime() + 26 * HOUR);

  beforeAll(async () => {
    const { db } = suite.server.app.database;
    tutor = (await createTutors(db, 1, { timezone: 'Europe/London' }))[0]!;
    student = await signUpStudent(suite.server);
    const saved = await student.client.request('PUT', '/api/account/timezone', {
      timezone: 'Asia/Tokyo',
    });
    expect(saved.status).toBe(200);
    await createLesson(db, { tutor, studentId: student.id, start, timezone: 'UTC' });
  });

  it("shows times in the account's zone, says the device differs, and switches in one click", async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      ...BERLIN,
      storageState: student.state,
    });
    await page.goto(`${suite.server.url}/student/schedule`);
    const zoneLine = page.getByTestId('lessons-zone');
    await expect.poll(() => zoneLine.textContent()).toContain(M.timesInZone('Asia/Tokyo'));
    await page.getByText(clock(start, 'Asia/Tokyo'), { exact: false }).first().waitFor();
    const notice = page.getByText(Z.differs('Asia/Tokyo', 'Europe/Berlin'));
    await notice.waitFor();
    await checkScreen(page, 'account-zone-notice');

    await page.getByRole('button', { name: Z.switchToDevice('Europe/Berlin') }).click();
    await expect.poll(() => zoneLine.textContent()).toContain(M.timesInZone('Europe/Berlin'));
    await page.getByText(clock(start, 'Europe/Berlin'), { exact: false }).first().waitFor();
    await notice.waitFor({ state: 'detached' });
    expect((await student.client.get('/api/account')).json.timezone).toBe('Europe/Berlin');
    assertNoErrors();
    await close();
  }, 120_000);

  it('keeps the account zone when asked, and the notice fits a dark phone', async () => {
    await student.client.request('PUT', '/api/account/timezone', { timezone: 'Asia/Tokyo' });
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      ...BERLIN,
      storageState: student.state,
      viewport: { width: 375, height: 740 },
      colorScheme: 'dark',
    });
    await page.goto(`${suite.server.url}/student/overview`);
    await page.getByText(Z.differs('Asia/Tokyo', 'Europe/Berlin')).waitFor();
    await checkScreen(page, 'account-zone-notice-dark-phone', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.getByRole('button', { name: Z.keepAccount('Asia/Tokyo') }).click();
    await page.getByText(Z.differs('Asia/Tokyo', 'Europe/Berlin')).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(Z.differs('Asia/Tokyo', 'Europe/Berlin')).count()).toBe(0);
    expect((await student.client.get('/api/account')).json.timezone).toBe('Asia/Tokyo');
    assertNoErrors();
    await close();
  }, 120_000);

  it('gives an account with no zone yet the zone of the device it is used on', async () => {
    const other = await signUpStudent(suite.server, { firstName: 'Lena', lastName: 'Vogel' });
    expect((await other.client.get('/api/account')).json.timezone).toBeNull();
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      ...BERLIN,
      storageState: other.state,
    });
    await page.goto(`${suite.server.url}/student/schedule`);
    await expect
      .poll(async () => (await other.client.get('/api/account')).json.timezone)
      .toBe('Europe/Berlin');
    expect(await page.getByText(Z.differs('Europe/Berlin', 'Europe/Berlin')).count()).toBe(0);
    assertNoErrors();
    await close();
  }, 120_000);
});
