import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES as M } from '../../src/domain/messages';
import { browserSuite } from './support/browser-suite';
import { checkScreen, checkScreenAlso, hasChromium, newPage } from './support/browser';
import { signUpStudent } from './support/sign-up';

// Settings → Notifications as a student reaches it from an optional email's line
// (/student/settings#notifications): every optional email on, one turned off by keyboard, kept
// after a reload. Looked at 1280 and 375 px wide, light and dark, each screen checked with axe.
describe.skipIf(!hasChromium)('notification settings in a browser', () => {
  const suite = browserSuite();

  it('turns the messages digest off by keyboard and keeps it, at every size and theme', async () => {
    const student = await signUpStudent(suite.server);
    const wide = await newPage(suite.browser, { storageState: student.state });
    const { page } = wide;
    await page.goto(`${suite.server.url}/student/settings#notifications`);
    const section = page.getByRole('region', { name: 'Notifications' });
    const digest = section.getByRole('checkbox', { name: 'New messages' });
    const ready = () => digest.waitFor();
    await ready();
    expect(await section.getByRole('checkbox', { name: 'Lesson reminders' }).isChecked()).toBe(
      true,
    );
    expect(await digest.isChecked()).toBe(true);
    // The link's target is in view once the section has loaded.
    expect(await section.isVisible()).toBe(true);
    await digest.focus();
    await page.keyboard.press('Space');
    await page.getByText(M.notificationsSaved).waitFor();
    await page.reload();
    await ready();
    expect(await digest.isChecked()).toBe(false);
    await checkScreen(page, 'settings-notifications-1280-light');
    await checkScreenAlso(page, 'settings-notifications-1280-dark', {
      width: 1280,
      colorScheme: 'dark',
      ready,
    });
    await checkScreenAlso(page, 'settings-notifications-375-light', {
      width: 375,
      colorScheme: 'light',
      ready,
    });
    await checkScreenAlso(page, 'settings-notifications-375-dark', {
      width: 375,
      colorScheme: 'dark',
      ready,
    });
    wide.assertNoErrors();
    await wide.close();
  }, 180_000);
});
