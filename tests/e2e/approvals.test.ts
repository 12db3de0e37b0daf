import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES as M } from '../../src/domain/admin/approval-messages';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages';
import { TEST_PASSWORD } from '../../src/server/test/accounts';
import { createSignedInTutor, createStudent } from '../../src/server/test/factories';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';

// The approval journey in a browser: an admin rejects a pending tutor with a reason (by
// keyboard, on a wide screen in the light), the tutor reads why on their overview (on a phone
// in the dark) and resubmits, and the admin approves; a student then sees the tick on the
// tutor's card and profile.

const NOTE = 'Please use a photo where your face is clearly visible.';

/** Waits until signing in's toast has gone: the screen at rest, as axe should see it. */
async function noToasts(page: Page) {
  await page.getByText(ACCOUNT_MESSAGES.signedIn).waitFor({ state: 'hidden', timeout: 10_000 });
}

async function signIn(page: Page, url: string, path: string, email: string) {
  await page.goto(`${url}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const pathname = path.split('?')[0];
  await page.waitForURL((url) => url.pathname === pathname);
}

describe.skipIf(!hasChromium)('tutor approval in a browser', () => {
  const suite = browserSuite();

  it(
    'rejects with a reason, the tutor resubmits, and the admin approves',
    { timeout: 240_000 },
    async () => {
      const app = suite.server.app;
      const tutor = await createSignedInTutor(app, { firstName: 'Tomas', lastName: 'Lindqvist' });
      const admin = await createStudent(app, { firstName: 'Grace', lastName: 'Hopper' });
      await app.database.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', admin.id)
        .execute();

      // The admin, wide and light: the queue, the profile, Reject by keyboard.
      const desk = await newPage(suite.browser, { colorScheme: 'light' });
      await signIn(desk.page, suite.server.url, '/admin/approvals', admin.email);
      const review = desk.page.getByRole('article', { name: 'Tomas Lindqvist' });
      await review.waitFor();
      await review
        .getByRole('button', { name: 'Play Introduction video of Tomas Lindqvist' })
        .waitFor();
      await noToasts(desk.page);
      await checkScreen(desk.page, 'approvals-queue');
      await review.getByRole('button', { name: M.reject }).focus();
      await desk.page.keyboard.press('Enter');
      const dialog = desk.page.getByRole('dialog', { name: M.rejectTitle('Tomas Lindqvist') });
      await dialog.getByRole('radio', { name: 'Profile photo' }).focus();
      await desk.page.keyboard.press('Space');
      await dialog.getByLabel(M.noteLabel).fill(NOTE);
      await checkScreen(desk.page, 'approvals-reject-dialog');
      await dialog.getByRole('button', { name: M.confirmReject }).click();
      await desk.page.getByText(M.rejected('Tomas Lindqvist')).waitFor();
      await desk.page.getByText(M.empty).waitFor();

      // The tutor, on a phone in the dark: why, where to fix it, and Resubmit.
      const phone = await newPage(suite.browser, {
        viewport: { width: 375, height: 780 },
        colorScheme: 'dark',
      });
      await signIn(phone.page, suite.server.url, '/tutor/overview', tutor.email);
      await phone.page.getByRole('heading', { name: M.rejectedTitle }).waitFor();
      await phone.page.getByText(NOTE).waitFor();
      await noToasts(phone.page);
      await checkScreen(phone.page, 'approvals-tutor-rejected');
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      expect(await phone.page.getByRole('link', { name: M.editProfile }).getAttribute('href')).toBe(
        '/tutor/profile',
      );
      await phone.page.getByRole('button', { name: M.resubmit }).click();
      // Asked once before the profile goes back in the queue (axe-checked, as it looks).
      const confirm = phone.page.getByRole('dialog', { name: M.resubmitTitle });
      await confirm.getByText(M.resubmitCheck).waitFor();
      await checkScreen(phone.page, 'approvals-tutor-resubmit-confirm');
      await confirm.getByRole('button', { name: M.resubmit }).click();
      await phone.page.getByRole('heading', { name: M.pendingTitle }).waitFor();

      // Back in the queue, with its history; approved, it leaves it.
      await desk.page.reload();
      await review.getByText(/Rejected by Grace Hopper/).waitFor();
      await review.getByRole('button', { name: M.approve }).click();
      await desk.page.getByText(M.approved('Tomas Lindqvist')).waitFor();
      await desk.page.getByText(M.empty).waitFor();

      await phone.page.reload();
      await phone.page.getByText(M.approvedText).waitFor();
      // A student finds the tutor with the tick, on the card and on the profile.
      const student = await createStudent(app, { firstName: 'Maya', lastName: 'Okafor' });
      const browse = await newPage(suite.browser);
      await signIn(browse.page, suite.server.url, '/student/tutors?q=Lindqvist', student.email);
      const card = browse.page.getByRole('article').filter({ hasText: 'Tomas Lindqvist' });
      await card.getByText('Verified tutor').waitFor({ state: 'attached' });
      await browse.page.goto(`${suite.server.url}/student/tutors/${tutor.id}`);
      await browse.page.getByText('Verified tutor').first().waitFor({ state: 'attached' });
      browse.assertNoErrors();
      await browse.close();
      desk.assertNoErrors();
      phone.assertNoErrors();
      await desk.close();
      await phone.close();
    },
  );
});
