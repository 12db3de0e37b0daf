import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInTutor } from '../../src/server/test/factories';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { signUpStudent } from './support/sign-up';
import { openTutorSchedule } from './support/tutor-schedule';

// A tutor whose profile is live changes it from My Profile, section by section, through the
// wizard's own forms; a student then finds the new bio and hours on the profile and in search.
// Tutor and student both sit in Lisbon, so times read the same on both sides.

const LISBON = { timezoneId: 'Europe/Lisbon', locale: 'en-US' } satisfies BrowserContextOptions;
const NEW_BIO =
  'Former glaciology researcher who now teaches mathematics through real measurements: ' +
  'ice cores, river flows and the numbers behind the weather.';
const SAVED = 'Your profile has been updated';

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

describe.skipIf(!hasChromium)('a tutor edits their submitted profile in a browser', () => {
  const suite = browserSuite();
  let student: BrowserContextOptions['storageState'];
  beforeAll(async () => {
    ({ state: student } = await signUpStudent(suite.server));
  });

  // One long journey through two roles: more time than a single screen's test needs.
  it(
    'changes the bio and the weekly hours, and students see both',
    { timeout: 240_000 },
    async () => {
      const tutor = await createSignedInTutor(suite.server.app, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        timezone: 'Europe/Lisbon',
        availability: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }],
      });

      const { page, assertNoErrors, close } = await newPage(suite.browser, LISBON);
      await openTutorSchedule(page, suite.server.url, tutor.email);
      await page.getByRole('link', { name: 'My Profile' }).click();
      await page.waitForURL('**/tutor/profile');
      const sections = page.getByRole('list').filter({ hasText: 'Basic Information' });
      await sections.getByText('3 hours per week, in Lisbon time').waitFor();
      await checkScreen(page, 'profile-edit-sections');

      // The bio: the wizard's first step, filled with what students see now.
      await page.getByRole('link', { name: 'Edit Basic Information' }).click();
      const bio = page.getByLabel('Professional bio');
      expect(await bio.inputValue()).toMatch(/^A patient tutor/);
      expect(await page.getByLabel('Hourly rate (USD)').inputValue()).toBe('30');
      // The wizard's rules hold: too short a bio cannot be saved.
      await bio.fill('Too short');
      await bio.blur();
      await page.getByText('Bio must be at least 100 characters').waitFor();
      expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
      await bio.fill(NEW_BIO);
      await checkScreen(page, 'profile-edit-basic-info');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await toast(page, SAVED);
      await page.waitForURL('**/tutor/profile');
      await sections.getByText(/Former glaciology researcher/).waitFor();

      // The hours: Saturday 23:00 to midnight added by keyboard.
      await page.getByRole('link', { name: 'Edit Availability' }).click();
      await page.getByRole('list', { name: 'Your weekly slots' }).getByText('Monday').waitFor();
      await page.getByLabel('Slot duration').selectOption({ label: '1 hour' });
      await page.getByLabel('Day', { exact: true }).selectOption({ label: 'Saturday' });
      // The Start list follows the browser's locale (en-US: AM/PM), as the calendar does.
      await page.getByLabel('Start', { exact: true }).selectOption({ label: '11:00 PM' });
      await page.getByRole('button', { name: 'Add slot' }).click();
      await page.getByTestId('availability-calendar').getByText('11:00 PM – 12:00 AM').waitFor();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await toast(page, SAVED);
      await page.waitForURL('**/tutor/profile');
      await sections.getByText('4 hours per week, in Lisbon time').waitFor();

      // On a phone, in dark: the list and a section's form (once the toast has gone).
      // Both saves' toasts may still be up: wait until none is.
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: SAVED }).count(), {
          timeout: 15_000,
        })
        .toBe(0);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await checkScreen(page, 'profile-edit-sections-phone-dark');
      await page.getByRole('link', { name: 'Edit Teaching Style' }).click();
      await page.getByRole('heading', { name: 'Teaching Style', exact: true }).waitFor();
      await checkScreen(page, 'profile-edit-teaching-style-phone-dark');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL('**/tutor/profile');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      ).toBe(false);
      assertNoErrors();
      await close();

      // A student sees the new bio and Saturday's hour on the profile, and finds it in search.
      const viewer = await newPage(suite.browser, { ...LISBON, storageState: student });
      await viewer.page.goto(`${suite.server.url}/student/tutors?q=glaciology`);
      await viewer.page
        .getByRole('heading', { name: /Ada Lovelace/ })
        .first()
        .waitFor();
      await viewer.page.goto(`${suite.server.url}/student/tutors/${tutor.id}`);
      await viewer.page.getByText(NEW_BIO).first().waitFor();
      const summary = viewer.page.getByTestId('availability-summary');
      const saturday = summary.locator('div', {
        has: viewer.page.getByText('Saturday', { exact: true }),
      });
      expect(await saturday.locator('dd').innerText()).toBe('11:00 PM – 12:00 AM');
      viewer.assertNoErrors();
      await viewer.close();
    },
  );
});
