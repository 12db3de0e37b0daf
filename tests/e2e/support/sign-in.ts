import type { Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '../../../src/domain/messages';
import { TEST_PASSWORD } from '../../../src/server/test/accounts';

/**
 * Opens `path` signed out, signs in as `email` (the tests' password) on the sign-in page it
 * shows, and waits until the app is back at `path` and its "signed in" toast has gone (so a
 * screenshot does not catch it).
 */
export async function signInAt(page: Page, origin: string, path: string, email: string) {
  await page.goto(`${origin}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByText(ACCOUNT_MESSAGES.signedIn).waitFor({ state: 'hidden', timeout: 10_000 });
}

/** How far the page scrolls sideways (0: nothing is cut off at this width). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
