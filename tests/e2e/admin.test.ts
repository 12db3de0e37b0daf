import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_SHELL_MESSAGES as S } from '../../src/domain/admin/admin-shell-messages';
import { APPROVAL_MESSAGES } from '../../src/domain/admin/approval-messages';
import { REPORT_REASONS } from '../../src/domain/admin/moderation';
import { SUSPENSION_MESSAGES } from '../../src/domain/admin/suspension-messages';
import { CLASSROOM_MESSAGES as C } from '../../src/domain/messages/classroom';
import {
  ACCOUNT_MESSAGES,
  ADMIN_USERS_MESSAGES as U,
  REPORT_MESSAGES as R,
} from '../../src/domain/messages';
import { createAdmin } from '../../src/server/test/admin-fixtures';
import { closeStay, openStay } from '../../src/server/modules/classroom/classroom.repository';
import { TEST_PASSWORD } from '../../src/server/test/accounts';
import { createLesson, createStudent, createTutor } from '../../src/server/test/factories';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { FIXED_NOW } from './support/fixed-time';

// The admin console in a browser (issue #15): a reported review hidden by an admin leaves the
// tutor's profile and its average; a suspended user's page shows a no-show lesson's classroom
// attendance (issue #26), their open page loses its session and signing in again says why; and
// the console's shell on a phone in the dark, page by page.

const DAY = 24 * 60 * 60_000;
const PHONE_DARK = { viewport: { width: 375, height: 780 }, colorScheme: 'dark' } as const;
const DESK_LIGHT = { viewport: { width: 1280, height: 800 }, colorScheme: 'light' } as const;

/** Signs in through the form on `path` (the guard shows sign-in there) and waits to be back. */
async function signIn(page: Page, url: string, path: string, email: string) {
  await page.goto(`${url}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const pathname = path.split('?')[0];
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Waits until signing in's toast has gone: the screen at rest, as axe should see it. */
async function noToasts(page: Page) {
  await page.getByText(ACCOUNT_MESSAGES.signedIn).waitFor({ state: 'hidden', timeout: 10_000 });
}

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The sidebar's count link, named by its label and number ('Reported issues 1'). */
const countLink = (scope: Page | Locator, label: string, value: number) =>
  scope.getByRole('link', { name: `${label} ${value}`, exact: true });

describe.skipIf(!hasChromium)('the admin console in a browser', () => {
  const suite = browserSuite();

  it(
    'a reported review, hidden by an admin, leaves the profile and its average',
    { timeout: 180_000 },
    async () => {
      const app = suite.server.app;
      const db = app.database.db;
      const tutor = await createTutor(db, { firstName: 'Clara', lastName: 'Whitfield' });
      // Two reviews written through the review endpoint: 3 and 5 stars, an average of 4.0.
      const reviews = [
        { firstName: 'Noah', lastName: 'Berg', rating: 3, text: 'Too fast, and she was late.' },
        { firstName: 'Lena', lastName: 'Vogel', rating: 5, text: 'Clear and patient, thanks!' },
      ];
      for (const { firstName, lastName, rating, text } of reviews) {
        const author = await createStudent(app, { firstName, lastName });
        const lesson = await createLesson(db, {
          tutor,
          studentId: author.id,
          start: new Date(FIXED_NOW.getTime() - 3 * DAY),
        });
        const written = await author.client.post(`/api/lessons/${lesson}/review`, {
          rating,
          text,
        });
        expect(written.status, written.text).toBe(201);
      }
      const admin = await createAdmin(app);
      const student = await createStudent(app, { firstName: 'Maya', lastName: 'Okafor' });

      // A student, on a phone in the dark, reports the 3-star review by keyboard.
      const phone = await newPage(suite.browser, PHONE_DARK);
      await signIn(phone.page, suite.server.url, `/student/tutors/${tutor.id}`, student.email);
      const rating = phone.page.getByTestId('profile-rating');
      const list = phone.page.getByRole('list', { name: 'Reviews' });
      await list.getByText(reviews[0]!.text).waitFor();
      expect(await rating.textContent()).toBe('4.0(2 reviews)');
      await noToasts(phone.page);
      await list.getByRole('button', { name: R.reportReviewLabel('Noah B.') }).focus();
      await phone.page.keyboard.press('Enter');
      const dialog = phone.page.getByRole('dialog', { name: R.dialogTitleReview });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: REPORT_REASONS.fake }).focus();
      await phone.page.keyboard.press('Space');
      await phone.page.keyboard.press('Tab');
      await phone.page.keyboard.type('She was not late: the author never came to that lesson.');
      await checkScreen(phone.page, 'admin-report-dialog-375-dark', { fullPage: false });
      // Past the dialog's Cancel, to Send report.
      await phone.page.keyboard.press('Tab');
      await phone.page.keyboard.press('Tab');
      const send = dialog.getByRole('button', { name: R.submit });
      expect(await send.evaluate((element) => element === document.activeElement)).toBe(true);
      await phone.page.keyboard.press('Enter');
      await phone.page.getByText(R.sent).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The admin, wide and light: the sidebar counts the report; Reports; Hide with a reason.
      const desk = await newPage(suite.browser, DESK_LIGHT);
      await signIn(desk.page, suite.server.url, '/admin/overview', admin.email);
      await countLink(desk.page, S.reportedIssues, 1).waitFor();
      await desk.page.getByRole('heading', { name: S.recentActivity }).waitFor();
      await noToasts(desk.page);
      await checkScreen(desk.page, 'admin-overview-1280-light');
      await desk.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: S.nav.reports })
        .click();
      const report = desk.page.getByRole('article', {
        name: `${R.kindReview}: ${REPORT_REASONS.fake}`,
      });
      await report.getByText(reviews[0]!.text).waitFor();
      await report.getByText(R.reviewOf('Clara Whitfield')).waitFor();
      await checkScreen(desk.page, 'admin-reports-1280-light');
      await report.getByRole('button', { name: R.hideReview }).click();
      const hide = desk.page.getByRole('dialog', { name: R.hideTitle });
      await hide.getByLabel(R.hideReasonLabel).fill('The reviewer never took a lesson.');
      await hide.getByRole('button', { name: R.confirmHide }).click();
      await desk.page.getByText(R.hidden).waitFor();
      await desk.page.getByText(R.noOpen).waitFor();
      await countLink(desk.page, S.reportedIssues, 0).waitFor();
      // The tutor's own profile waits for approval: the count leads to it.
      await countLink(desk.page, S.pendingVerifications, 1).click();
      await desk.page.getByRole('article', { name: 'Clara Whitfield' }).waitFor();
      await checkScreen(desk.page, 'admin-approvals-1280-light');

      // The student reloads: the review has gone, and 5 of 1 is the new average.
      await phone.page.reload();
      await list.getByText(reviews[1]!.text).waitFor();
      expect(await list.getByText(reviews[0]!.text).count()).toBe(0);
      expect(await list.getByRole('listitem').count()).toBe(1);
      expect(await rating.textContent()).toBe('5.0(1 review)');

      phone.assertNoErrors();
      desk.assertNoErrors();
      await phone.close();
      await desk.close();
    },
  );

  it(
    "a suspension ends the user's open session, and signing in again says why",
    { timeout: 180_000 },
    async () => {
      const app = suite.server.app;
      const admin = await createAdmin(app);
      const user = await createStudent(app, { firstName: 'Jonas', lastName: 'Petrov' });
      const REASON = 'Repeated payment requests outside Tutora.';
      // Two days ago a lesson ended as a no-show: Jonas was in its classroom, his tutor not.
      const db = app.database.db;
      const tutor = await createTutor(db, { firstName: 'Rita', lastName: 'Alves' });
      const start = new Date(FIXED_NOW.getTime() - 2 * DAY);
      const lessonId = await createLesson(db, {
        tutor,
        studentId: user.id,
        start,
        status: 'no_show',
      });
      const joined = new Date(start.getTime() - 2 * 60_000);
      const left = new Date(start.getTime() + 20 * 60_000);
      await openStay(db, lessonId, user.id, joined);
      await closeStay(db, lessonId, user.id, left);

      // The user is signed in with a page open; its clock waits while the admin acts, so no
      // background refresh reaches the server before the user's own next step.
      const open = await newPage(suite.browser);
      await signIn(open.page, suite.server.url, '/student/overview', user.email);
      await open.page.getByRole('heading', { name: 'Welcome, Jonas' }).waitFor();
      await noToasts(open.page);
      await open.page.clock.pauseAt((await open.page.evaluate(() => Date.now())) + 1000);

      // The admin finds them from the sidebar's search box and suspends them with a reason.
      const desk = await newPage(suite.browser, DESK_LIGHT);
      await signIn(desk.page, suite.server.url, '/admin/overview', admin.email);
      const active = Number(
        (await desk.page
          .getByRole('link', { name: new RegExp(`^${S.activeUsers} \\d+$`) })
          .textContent())!.replace(/\D/g, ''),
      );
      await noToasts(desk.page);
      const search = desk.page.getByRole('searchbox', { name: S.searchLabel });
      expect(await search.getAttribute('placeholder')).toBe(S.searchPlaceholder);
      await search.fill('Petrov');
      await search.press('Enter');
      await desk.page.waitForURL((url) => url.pathname === '/admin/users');
      expect(new URL(desk.page.url()).searchParams.get('q')).toBe('Petrov');
      await desk.page.getByText(U.total(1)).waitFor();
      await checkScreen(desk.page, 'admin-users-1280-light');
      await desk.page.getByRole('link', { name: 'Jonas Petrov' }).click();
      await desk.page.getByRole('heading', { name: 'Jonas Petrov', level: 1 }).waitFor();
      // The no-show lesson shows who came to the classroom, and when.
      const attendance = desk.page.getByRole('region', { name: C.attendance });
      const moment = (at: Date) =>
        desk.page.evaluate(
          (iso) =>
            new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
          at.toISOString(),
        );
      await attendance
        .getByText(C.attendanceRow('Jonas Petrov', await moment(joined), await moment(left)))
        .waitFor();
      await attendance.getByText(C.attendanceAbsent('Rita Alves')).waitFor();
      await checkScreen(desk.page, 'admin-user-1280-light');
      await desk.page.getByRole('button', { name: U.suspend }).click();
      const dialog = desk.page.getByRole('dialog', { name: U.suspendTitle('Jonas Petrov') });
      await dialog.getByText(U.suspendWhat(0)).waitFor();
      await dialog.getByLabel(U.reasonLabel).fill(REASON);
      await dialog.getByRole('button', { name: U.suspend }).click();
      await desk.page.getByText(U.suspended).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await desk.page.getByText(/^Suspended since /).waitFor();
      await desk.page.getByText(REASON).waitFor();
      // The user signed in today, so the active users are one fewer now.
      await countLink(desk.page, S.activeUsers, active - 1).waitFor();

      // The user's next step on the open page: their session is gone, sign-in it is.
      await open.page.clock.resume();
      await open.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'My Lessons' })
        .click();
      await open.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      expect(new URL(open.page.url()).pathname).toBe('/');
      await open.page.getByLabel('Email').fill(user.email);
      await open.page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await open.page.getByRole('button', { name: 'Sign in' }).click();
      await open.page
        .getByText(SUSPENSION_MESSAGES.accountSuspended(REASON), { exact: true })
        .waitFor();
      expect(new URL(open.page.url()).pathname).toBe('/');

      open.assertNoErrors();
      desk.assertNoErrors();
      await open.close();
      await desk.close();
    },
  );

  it(
    'the console on a phone in the dark: the drawer by keyboard, its counts, every page',
    { timeout: 240_000 },
    async () => {
      const app = suite.server.app;
      const db = app.database.db;
      const admin = await createAdmin(app);
      // Something on each page: a profile waiting for approval, an open report, a suspension.
      const tutor = await createTutor(db, { firstName: 'Ines', lastName: 'Duarte' });
      const reporter = await createStudent(app, { firstName: 'Omar', lastName: 'Haddad' });
      const reported = await reporter.client.post('/api/reports', {
        kind: 'user',
        userId: tutor.userId,
        reason: 'fraud',
        details: 'Asked me to pay by bank transfer instead.',
      });
      expect(reported.status, reported.text).toBe(201);
      const counts = await admin.client.get('/api/admin/overview');
      expect(counts.status, counts.text).toBe(200);

      const { page, assertNoErrors, close } = await newPage(suite.browser, PHONE_DARK);
      await signIn(page, suite.server.url, '/admin/overview', admin.email);
      await page.getByRole('heading', { name: S.overviewTitle, level: 1 }).waitFor();
      await noToasts(page);

      // The drawer opens from the keyboard, focus inside it, with the three counts.
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      const openDrawer = async () => {
        await page.getByRole('button', { name: 'Open menu' }).focus();
        await page.keyboard.press('Enter');
        await drawer.waitFor();
      };
      await openDrawer();
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      const { activeUsers, pendingVerifications, reportedIssues } = counts.json as Record<
        string,
        number
      >;
      expect(pendingVerifications).toBeGreaterThan(0);
      expect(reportedIssues).toBeGreaterThan(0);
      await countLink(drawer, S.activeUsers, activeUsers!).waitFor();
      await countLink(drawer, S.pendingVerifications, pendingVerifications!).waitFor();
      await countLink(drawer, S.reportedIssues, reportedIssues!).waitFor();
      await checkScreen(page, 'admin-drawer-375-dark');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await checkScreen(page, 'admin-overview-375-dark');
      expect(await overflowOf(page)).toBe(0);

      // Each page from the drawer's menu: it rests, passes axe and fits the phone.
      const pages = [
        {
          link: S.nav.approvals,
          ready: page
            .getByRole('navigation', { name: APPROVAL_MESSAGES.queueLabel })
            .getByText('Ines Duarte'),
        },
        {
          link: S.nav.reports,
          ready: page.getByRole('article', { name: `${R.kindUser}: ${REPORT_REASONS.fraud}` }),
        },
        {
          link: S.nav.audit,
          ready: page.getByRole('heading', { name: S.auditTitle, level: 1 }),
        },
        { link: S.nav.users, ready: page.getByText(/^\d+ users$/) },
      ];
      for (const { link, ready } of pages) {
        await openDrawer();
        await drawer
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: link })
          .click();
        await drawer.waitFor({ state: 'hidden' });
        await ready.first().waitFor();
        await checkScreen(page, `admin-${link.toLowerCase().replace(/\W+/g, '-')}-375-dark`);
        expect(await overflowOf(page), link).toBe(0);
      }

      // The drawer's search box, used on the users page itself, closes the drawer on the results
      // and leads to a user's page.
      await openDrawer();
      const search = drawer.getByRole('searchbox', { name: S.searchLabel });
      await search.fill('Duarte');
      await search.press('Enter');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByText(U.total(1)).waitFor();
      await page.getByRole('link', { name: 'Ines Duarte' }).click();
      await page.getByRole('heading', { name: 'Ines Duarte', level: 1 }).waitFor();
      await page.getByText(REPORT_REASONS.fraud).waitFor();
      await page.getByText(new RegExp(` · ${R.tabOpen}$`)).waitFor();
      await checkScreen(page, 'admin-user-375-dark');
      expect(await overflowOf(page)).toBe(0);

      assertNoErrors();
      await close();
    },
  );
});
