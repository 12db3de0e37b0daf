import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as A, SETTINGS_MESSAGES as M } from '../../src/domain/messages';
import { TEST_PASSWORD } from '../../src/server/test/accounts';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { signUpStudent } from './support/sign-up';

const NEW_PASSWORD = 'N3w!secret';

// The Settings page as a student uses it: a new name and timezone, a new password that then
// signs them in, and deleting the account after reading what it does. Light and dark, 1280 and
// 375 px wide, each screen checked with axe.
describe.skipIf(!hasChromium)('account settings in a browser', () => {
  const suite = browserSuite();

  const signIn = async (page: Page, email: string, password: string) => {
    await page.goto(`${suite.server.url}/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    return (await answer).status();
  };

  // One student through three steps, in order: each step starts from the last one's state.
  let student: Awaited<ReturnType<typeof signUpStudent>>;
  let signedIn: BrowserContextOptions['storageState'];

  it('changes the name and timezone', async () => {
    student = await signUpStudent(suite.server);
    // Name and timezone, on a wide light screen.
    const wide = await newPage(suite.browser, { storageState: student.state });
    await wide.page.goto(`${suite.server.url}/student/settings`);
    await wide.page.getByRole('heading', { name: 'Profile' }).waitFor();
    await checkScreen(wide.page, 'settings-student');
    await wide.page.getByLabel('First name').fill('ada');
    await wide.page.getByLabel('Last name').fill('lovelace');
    await wide.page.getByLabel('Timezone').selectOption('Asia/Tokyo');
    await wide.page.getByRole('button', { name: 'Save changes' }).click();
    await wide.page.getByText(M.profileSaved).waitFor();
    await wide.page.reload();
    await wide.page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await wide.page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await wide.page.getByLabel('Last name').inputValue()).toBe('Lovelace');
    expect(await wide.page.getByLabel('Timezone').inputValue()).toBe('Asia/Tokyo');
    wide.assertNoErrors();
    await wide.close();
  }, 180_000);

  it('changes the password, and the new one signs in', async () => {
    const wide = await newPage(suite.browser, { storageState: student.state });
    await wide.page.goto(`${suite.server.url}/student/settings`);

    // The password, by keyboard: wrong current one first, then the right one.
    await wide.page
      .getByRole('region', { name: 'Password' })
      .getByLabel('Current password')
      .fill('Wr0ng!pass');
    await wide.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await wide.page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await wide.page.getByLabel('Confirm new password').press('Enter');
    await wide.page.getByText(M.currentPasswordWrong).first().waitFor();
    await wide.page
      .getByRole('region', { name: 'Password' })
      .getByLabel('Current password')
      .fill(TEST_PASSWORD);
    await wide.page.getByLabel('Confirm new password').press('Enter');
    await wide.page.getByText(A.passwordUpdated).waitFor();
    // Straight to sign-in: no bounce back through the page (sign-in seeing the user still).
    const visited: string[] = [];
    wide.page.on('framenavigated', (frame) => {
      if (frame === wide.page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await wide.page.getByRole('button', { name: 'Log out' }).click();
    // Exactly the sign-in form's field: until the server has ended the session, settings (with
    // its 'Email address' section) is still on screen.
    await wide.page.getByLabel('Email', { exact: true }).waitFor();
    expect(visited).toEqual(['/']);
    expect(await signIn(wide.page, student.email, TEST_PASSWORD)).toBe(401);
    await wide.page.getByText(A.invalidCredentials).first().waitFor();
    expect(await signIn(wide.page, student.email, NEW_PASSWORD)).toBe(200);
    // Back where they were when they logged out.
    await wide.page.waitForURL('**/student/settings');
    await wide.page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await wide.page.getByLabel('First name').inputValue()).toBe('Ada');
    signedIn = await wide.context.storageState();
    wide.assertNoErrors();
    await wide.close();
  }, 180_000);

  it('says what deleting does, then deletes the account', async () => {
    // Deleting, on a phone in the dark: what happens is said before the confirmation.
    const phone = await newPage(suite.browser, {
      storageState: signedIn,
      viewport: { width: 375, height: 780 },
      colorScheme: 'dark',
    });
    await phone.page.goto(`${suite.server.url}/student/settings`);
    await phone.page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(
      await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await checkScreen(phone.page, 'settings-student-dark-phone');
    await phone.page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('You have no future lessons.').waitFor();
    await dialog.getByText('There is nothing to refund.').waitFor();
    await dialog.getByText('This cannot be undone.').waitFor();
    await checkScreen(phone.page, 'settings-delete-dark-phone', { fullPage: false });
    await dialog.getByLabel('Your password').fill(NEW_PASSWORD);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await phone.page.waitForURL(`${suite.server.url}/`);
    await phone.page.getByText(M.accountDeleted).waitFor();
    await signIn(phone.page, student.email, NEW_PASSWORD);
    await phone.page.getByText(A.invalidCredentials).first().waitFor();
    phone.assertNoErrors();
    await phone.close();
  }, 180_000);
});
