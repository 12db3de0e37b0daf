import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  BOOKING_MESSAGES,
  DISCOVERY_MESSAGES,
  EARNINGS_MESSAGES,
  HELP_MESSAGES,
  LESSON_HISTORY_MESSAGES,
  TUTOR_PACKAGES_MESSAGES,
} from '../../src/domain/messages';
import { MESSAGING_MESSAGES } from '../../src/domain/messaging/messaging-rules';
import { SUPPORT_EMAIL } from '../../src/domain/support';
import { TEST_PASSWORD } from '../../src/server/test/accounts';
import { createLesson, createSignedInTutor } from '../../src/server/test/factories';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { FIXED_NOW } from './support/fixed-time';
import { signUpStudent } from './support/sign-up';

// Every page of both sidebars, opened by its address as a deep link, must show real content:
// its heading and something only a working page shows (never 'Coming soon'), at phone and
// desktop widths, light and dark, with no accessibility violations and no console errors.

const DAY = 86_400_000;
const TUTOR = { firstName: 'Clara', lastName: 'Whitfield' };
const STUDENT = { firstName: 'Maya', lastName: 'Okafor' };
const TUTOR_NAME = `${TUTOR.firstName} ${TUTOR.lastName}`;
const STUDENT_NAME = `${STUDENT.firstName} ${STUDENT.lastName}`;

interface SidebarPage {
  label: string;
  path: string;
  heading: string | RegExp;
  /** Text that only the working page shows (its data, or its own content). */
  shows: string;
}

const STUDENT_PAGES: SidebarPage[] = [
  { label: 'Overview', path: '/student/overview', heading: /^Welcome, Maya/, shows: TUTOR_NAME },
  {
    label: 'Find Tutors',
    path: '/student/tutors',
    heading: DISCOVERY_MESSAGES.searchTitle,
    shows: TUTOR_NAME,
  },
  {
    label: 'My Schedule',
    path: '/student/schedule',
    heading: BOOKING_MESSAGES.scheduleTitle,
    shows: TUTOR_NAME,
  },
  {
    label: 'My Lessons',
    path: '/student/lessons',
    heading: BOOKING_MESSAGES.myLessons,
    shows: LESSON_HISTORY_MESSAGES.pastLessonsHint,
  },
  {
    label: 'Messages',
    path: '/student/messages',
    heading: 'Messages',
    shows: MESSAGING_MESSAGES.emptyInbox,
  },
  {
    label: 'Billing',
    path: '/student/billing',
    heading: BILLING_MESSAGES.title,
    shows: BILLING_MESSAGES.paymentsTitle,
  },
  {
    label: 'Settings',
    path: '/student/settings',
    heading: 'Settings',
    shows: 'Delete account',
  },
  {
    label: 'Help Center',
    path: '/student/help',
    heading: HELP_MESSAGES.title,
    shows: 'How do I book a lesson?',
  },
];

const TUTOR_PAGES: SidebarPage[] = [
  { label: 'Overview', path: '/tutor/overview', heading: /^Welcome, Clara/, shows: STUDENT_NAME },
  {
    label: 'My Schedule',
    path: '/tutor/schedule',
    heading: BOOKING_MESSAGES.scheduleTitle,
    shows: 'Your Availability',
  },
  {
    label: 'My Lessons',
    path: '/tutor/lessons',
    heading: BOOKING_MESSAGES.myLessons,
    shows: LESSON_HISTORY_MESSAGES.pastLessonsHint,
  },
  {
    label: 'My Students',
    path: '/tutor/students',
    heading: LESSON_HISTORY_MESSAGES.myStudents,
    shows: STUDENT_NAME,
  },
  {
    label: 'Messages',
    path: '/tutor/messages',
    heading: 'Messages',
    shows: MESSAGING_MESSAGES.emptyInbox,
  },
  {
    label: 'Earnings',
    path: '/tutor/earnings',
    heading: EARNINGS_MESSAGES.title,
    shows: STUDENT_NAME,
  },
  {
    label: 'Packages',
    path: '/tutor/packages',
    heading: TUTOR_PACKAGES_MESSAGES.title,
    shows: TUTOR_PACKAGES_MESSAGES.newPackage,
  },
  {
    label: 'My Profile',
    path: '/tutor/profile',
    heading: 'My Profile',
    shows: 'Basic Information',
  },
  {
    label: 'Settings',
    path: '/tutor/settings',
    heading: 'Settings',
    shows: 'Edit tutor profile',
  },
  {
    label: 'Help Center',
    path: '/tutor/help',
    heading: HELP_MESSAGES.title,
    shows: 'When can students find and book me?',
  },
];

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const slug = (label: string) => label.toLowerCase().replace(/\s+/g, '-');

describe.skipIf(!hasChromium)('every sidebar page in a browser', () => {
  const suite = browserSuite();
  const states = {} as Record<'student' | 'tutor', BrowserContextOptions['storageState']>;
  let studentEmail: string;
  let pastLessonId: string;

  beforeAll(async () => {
    const { db } = suite.server.app.database;
    const tutor = await createSignedInTutor(suite.server.app, TUTOR);
    const student = await signUpStudent(suite.server, STUDENT);
    studentEmail = student.email;
    states.student = student.state;
    // A lesson two days ago (My Lessons, My Students, Earnings) and one tomorrow (the schedules).
    pastLessonId = await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() - 2 * DAY),
      // A free trial: Earnings lists it (at nothing) without a payment behind it.
      isTrial: true,
    });
    await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() + DAY),
    });
    states.tutor = await signedInState(suite.browser, suite.server.url, tutor.email);
  });

  async function signedInState(browser: Browser, url: string, email: string) {
    const { page, context, close } = await newPage(browser);
    await page.goto(url);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/tutor/overview');
    const state = await context.storageState();
    await close();
    return state;
  }

  async function expectRealContent(page: Page, shown: SidebarPage) {
    await page.getByRole('heading', { level: 1, name: shown.heading }).waitFor();
    // In the page itself: the sidebar's own labels (hidden in a phone's closed drawer) do not count.
    await page.getByRole('main').getByText(shown.shows).first().waitFor();
    expect(await page.getByText('Coming soon').count(), shown.path).toBe(0);
  }

  // Each page is opened by its address at one width and then looked at in the other (the window
  // resized, as a person turns a tablet): one page load per page and theme instead of one per
  // width. Which width a page opens at alternates page by page, and the other theme's test
  // swaps it, so every page is still opened as a deep link at both widths.
  for (const [role, pages] of [
    ['student', STUDENT_PAGES],
    ['tutor', TUTOR_PAGES],
  ] as const)
    for (const [order, colorScheme] of (['light', 'dark'] as const).entries())
      it(
        `shows the ${role}'s sidebar pages with real content at 1280 and 375 px, ${colorScheme}`,
        {
          // Seven or nine pages, each checked by axe at two widths: longer than one screen's test.
          timeout: 480_000,
        },
        async () => {
          const { page, assertNoErrors, close } = await newPage(suite.browser, {
            viewport: DESKTOP,
            colorScheme,
            storageState: states[role],
          });
          for (const [index, shown] of pages.entries()) {
            const widths = (index + order) % 2 === 0 ? [DESKTOP, PHONE] : [PHONE, DESKTOP];
            await page.setViewportSize(widths[0]!);
            await page.goto(`${suite.server.url}${shown.path}`);
            for (const viewport of widths) {
              await page.setViewportSize(viewport);
              await expectRealContent(page, shown);
              if (index === 0 && viewport === DESKTOP) {
                // The sidebar offers exactly these pages. Polled: after the window grows from a
                // phone's width, the drawer becomes the sidebar once the media query has told
                // the layout, which can be a frame after the page's own content is there.
                const links = page
                  .getByRole('navigation', { name: /^(Main|Account)$/ })
                  .getByRole('link');
                await expect
                  .poll(() => links.allInnerTexts())
                  .toEqual(pages.map((item) => item.label));
              }
              await checkScreen(
                page,
                `sidebar-${role}-${slug(shown.label)}-${viewport.width}-${colorScheme}`,
              );
            }
          }
          assertNoErrors();
          await close();
        },
      );

  it("searches from the sidebar: a student's words on Find Tutors, a tutor's on My Students", async () => {
    const desk = await newPage(suite.browser, { viewport: DESKTOP, storageState: states.student });
    await desk.page.goto(`${suite.server.url}/student/overview`);
    const tutors = desk.page.getByRole('searchbox', {
      name: DISCOVERY_MESSAGES.sidebarSearchLabel,
    });
    await tutors.fill('Whitfield');
    await tutors.press('Enter');
    await desk.page.waitForURL('**/student/tutors?q=Whitfield');
    await desk.page.getByRole('main').getByText(TUTOR_NAME).first().waitFor();
    await checkScreen(desk.page, 'sidebar-student-search-tutors-1280-light', { fullPage: false });
    desk.assertNoErrors();
    await desk.close();

    // On a phone the box is in the drawer, which closes once the search is sent.
    const phone = await newPage(suite.browser, {
      viewport: PHONE,
      colorScheme: 'dark',
      storageState: states.tutor,
    });
    const search = async (words: string) => {
      await phone.page.getByRole('button', { name: 'Open menu' }).click();
      const box = phone.page.getByRole('searchbox', {
        name: LESSON_HISTORY_MESSAGES.searchStudentsLabel,
      });
      await box.fill(words);
      await box.press('Enter');
      await box.waitFor({ state: 'hidden' });
    };
    await phone.page.goto(`${suite.server.url}/tutor/overview`);
    await search('okafor');
    await phone.page.getByText(LESSON_HISTORY_MESSAGES.studentsMatching('okafor', 1)).waitFor();
    await phone.page.getByRole('main').getByText(STUDENT_NAME).waitFor();
    await checkScreen(phone.page, 'sidebar-tutor-search-students-375-dark');
    await search('Nobody');
    await phone.page.getByText(LESSON_HISTORY_MESSAGES.noStudentsMatch('Nobody')).waitFor();
    await checkScreen(phone.page, 'sidebar-tutor-search-no-match-375-dark');
    await phone.page.getByRole('button', { name: LESSON_HISTORY_MESSAGES.clearSearch }).click();
    await phone.page.getByRole('main').getByText(STUDENT_NAME).waitFor();
    phone.assertNoErrors();
    await phone.close();
  });

  it("opens a past lesson's details from My Lessons", async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      storageState: states.student,
    });
    await page.goto(`${suite.server.url}/student/lessons`);
    const past = page.getByRole('region', { name: LESSON_HISTORY_MESSAGES.pastLessons });
    await past.getByRole('button', { name: new RegExp(TUTOR_NAME) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(BOOKING_MESSAGES.myNotes).waitFor();
    expect(await dialog.innerText()).toContain('Completed');
    await checkScreen(page, 'sidebar-student-past-lesson-dialog');
    expect(pastLessonId).toBeTruthy();
    assertNoErrors();
    await close();
  });

  it('finds an answer and writes to support from the Help Center', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      storageState: states.student,
    });
    await page.goto(`${suite.server.url}/student/help`);
    const search = page.getByLabel(HELP_MESSAGES.searchLabel);
    await search.fill('refund');
    const answers = page.getByTestId('help-answer');
    expect(await answers.count()).toBe(1);
    await page.getByText('When do I get a refund?').click();
    await page.getByText(/refunded in full automatically/).waitFor();
    await search.fill('teleport');
    await page.getByText(HELP_MESSAGES.noAnswers('teleport')).waitFor();

    // Nothing typed: the form says what is missing, and sends nothing.
    await page.getByRole('button', { name: HELP_MESSAGES.send }).click();
    await page.getByText(HELP_MESSAGES.subjectRequired).waitFor();
    await page.getByText(HELP_MESSAGES.messageTooShort(10)).waitFor();
    await checkScreen(page, 'sidebar-student-help-invalid');

    const before = suite.server.inbox.countTo(SUPPORT_EMAIL);
    await page.getByLabel(HELP_MESSAGES.subject, { exact: true }).fill('Lesson time');
    await page
      .getByLabel(HELP_MESSAGES.message, { exact: true })
      .fill('Can my lesson on Saturday start later?');
    await page.getByRole('button', { name: HELP_MESSAGES.send }).click();
    await page.getByText(HELP_MESSAGES.sent).waitFor();
    const mail = await suite.server.inbox.waitFor(SUPPORT_EMAIL, { afterCount: before });
    expect(mail.subject).toBe('[Help Center] Lesson time');
    expect(mail.text).toContain(`Reply to: ${studentEmail}`);
    expect(mail.text).toContain('Can my lesson on Saturday start later?');
    await checkScreen(page, 'sidebar-student-help-sent');
    assertNoErrors();
    await close();
  });
});
