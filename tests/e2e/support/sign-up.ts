import type { Browser, BrowserContextOptions } from 'playwright-core';
import { TEST_PASSWORD, uniqueEmail } from '../../../src/server/test/accounts';
import { codeFrom } from '../../../src/server/test/smtp-inbox';
import type { AppServer } from './app-server';
import { newPage } from './browser';

/**
 * Signs a new student up the way a person does (form, mailed code) and returns their signed-in
 * browser state and user id, for pages that start signed in.
 */
export async function signUpStudentInBrowser(
  browser: Browser,
  server: AppServer,
  names: { firstName: string; lastName: string } = { firstName: 'Maya', lastName: 'Okafor' },
): Promise<{ state: BrowserContextOptions['storageState']; id: string; email: string }> {
  const { page, context, close } = await newPage(browser);
  const email = uniqueEmail('student');
  await page.goto(`${server.url}/signup/student`);
  await page.getByLabel('First name').fill(names.firstName);
  await page.getByLabel('Last name').fill(names.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/email-verification');
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(codeFrom(await server.inbox.waitFor(email)));
  await page.waitForURL('**/email-verification-success');
  const state = await context.storageState();
  await close();
  const { id } = await server.app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { state, id, email };
}
