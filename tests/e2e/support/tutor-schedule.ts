import type { Page } from 'playwright-core';
import { BOOKING_MESSAGES as M } from '../../../src/domain/messages';
import { TEST_PASSWORD } from '../../../src/server/test/accounts';

/**
 * Signs a tutor in with their password (they land on the overview), opens My Schedule and
 * answers its Upcoming Lessons card.
 */
export async function openTutorSchedule(page: Page, appUrl: string, email: string) {
  await page.goto(appUrl);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/tutor/overview');
  await page.getByRole('link', { name: 'My Schedule' }).click();
  return page.getByRole('region', { name: M.upcomingLessons });
}
