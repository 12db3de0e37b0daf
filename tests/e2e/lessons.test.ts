import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES as M, CALENDAR_FEED_MESSAGES as F } from '../../src/domain/messages';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  createTutors,
  type LessonOptions,
  type TestTutor,
} from '../../src/server/test/factories';
import { rescheduleNotification } from '../../src/server/test/notification-fixtures';
import { browserSuite } from './support/browser-suite';
import { signUpStudent } from './support/sign-up';
import { openTutorSchedule } from './support/tutor-schedule';

import { accessibilityViolations } from './support/accessibility';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { FIXED_NOW } from './support/fixed-time';

// Upcoming lessons as a student and as a tutor see them. Lessons are rows put straight into
// the app's database (booking has its own journey); the screen must show them in the browser's
// own zone, grouped by that zone's dates, with lessons in progress first.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Tokyo: at FIXED_NOW it is already Saturday 04:10 there while UTC's date is still Friday, so
 * the groups follow the viewer's dates, not the server's; a lesson in 40 minutes is today.
 */
const VIEWER_ZONE = 'Asia/Tokyo';
const VIEWER = { timezoneId: VIEWER_ZONE, locale: 'en-US' } satisfies BrowserContextOptions;

// What a reader in VIEWER_ZONE should see, written independently of the app's formatting code.
const inZone = (at: Date, options: Intl.DateTimeFormatOptions, zone = VIEWER_ZONE) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(at);
const clock = (at: Date, zone = VIEWER_ZONE) =>
  inZone(at, { hour: 'numeric', minute: '2-digit' }, zone);
const dateKey = (at: Date) => inZone(at, { year: 'numeric', month: '2-digit', day: '2-digit' });
function expectedHeading(at: Date, now = FIXED_NOW) {
  const text = inZone(at, { weekday: 'long', month: 'long', day: 'numeric' });
  const fullText =
    inZone(at, { year: 'numeric' }) === inZone(now, { year: 'numeric' })
      ? text
      : inZone(at, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  if (dateKey(at) === dateKey(now)) return `Today · ${fullText}`;
  if (dateKey(at) === dateKey(new Date(now.getTime() + DAY))) return `Tomorrow · ${fullText}`;
  return fullText;
}

/** `minutes` from FIXED_NOW (a whole minute, as the screen's times are). */
const fromNow = (minutes: number) => new Date(FIXED_NOW.getTime() + minutes * MINUTE);
/** 20:00 UTC `days` after FIXED_NOW's UTC date: 05:00 on the next calendar day in Tokyo. */
const eveningUtc = (days: number) => {
  const at = new Date(FIXED_NOW.getTime() + days * DAY);
  at.setUTCHours(20, 0, 0, 0);
  return at;
};

type TutorRow = TestTutor;

describe.skipIf(!hasChromium)('upcoming lessons in a browser', () => {
  const suite = browserSuite();
  let student: { id: string; state: BrowserContextOptions['storageState'] };
  let tutors: TutorRow[];
  let otherStudentId: string;

  beforeAll(async () => {
    const { db } = suite.server.app.database;
    tutors = await createTutors(db, 5, { timezone: 'Europe/London' });
    otherStudentId = (
      await createStudent(suite.server.app, { firstName: 'Noah', lastName: 'Bennett' })
    ).id;
    student = await signUpStudent(suite.server);
  });

  /** A lesson put straight into the database, booked from London. */
  const insertLesson = (lesson: Omit<LessonOptions, 'timezone'>) =>
    createLesson(suite.server.app.database.db, { ...lesson, timezone: 'Europe/London' });

  const studentPage = (options: BrowserContextOptions = {}) =>
    newPage(suite.browser, { ...VIEWER, storageState: student.state, ...options });

  /** The group headings, top to bottom, and the names on each group's rows. */
  const listedGroups = (page: Page) =>
    page
      .getByTestId('lesson-list')
      .locator('section')
      .evaluateAll((sections) =>
        sections.map((section) => ({
          heading: section.querySelector('h3')!.textContent,
          rows: section.querySelectorAll('[data-testid="lesson-row"]').length,
        })),
      );
  const rowsOf = (page: Page) => page.getByTestId('lesson-row');
  const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  it('shows a student without lessons the empty state and the way to Find Tutors', async () => {
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/schedule`);
    await page.getByRole('heading', { level: 1, name: M.scheduleTitle }).waitFor();
    await page.getByText(M.noUpcomingLessons, { exact: true }).waitFor();
    expect(await page.getByLabel(M.lessonRange).inputValue()).toBe('14');
    await checkScreen(page, 'lessons-student-empty');
    await page.getByRole('main').getByRole('link', { name: M.findTutors }).click();
    await page.waitForURL(`${suite.server.url}/student/tutors`);
    assertNoErrors();
    await close();
  });

  it('groups a student’s lessons by local date with In Progress first, in the browser’s zone', async () => {
    const [live, today, soon, later, stranger] = tutors;
    const lessons = {
      live: { start: fromNow(-20), tutor: live! },
      today: { start: fromNow(40), tutor: today! },
      soon: { start: eveningUtc(3), tutor: soon! },
      later: { start: eveningUtc(20), tutor: later! },
    };
    await insertLesson({
      ...lessons.live,
      studentId: student.id,
      status: 'in_progress',
      meetingUrl: 'https://meet.example.com/abc-defg-hij',
    });
    await insertLesson({ ...lessons.today, studentId: student.id, status: 'pending' });
    await insertLesson({ ...lessons.soon, studentId: student.id, isTrial: true });
    await insertLesson({ ...lessons.later, studentId: student.id });
    // Someone else's lesson, inside the range: never on this student's screen.
    await insertLesson({ tutor: stranger!, studentId: otherStudentId, start: eveningUtc(2) });

    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/schedule`);
    await rowsOf(page).first().waitFor();
    expect(await page.getByTestId('lessons-zone').innerText()).toContain(VIEWER_ZONE);

    // 14 days: In Progress, then each local date in order; the 20-day lesson is out of range.
    const within14 = [lessons.today, lessons.soon];
    const expected14 = [
      { heading: M.inProgress, rows: 1 },
      ...groupsByDate(within14.map((lesson) => lesson.start)),
    ];
    expect(await listedGroups(page)).toEqual(expected14);
    expect(await rowsOf(page).count()).toBe(3);
    expect(await page.getByText(stranger!.name).count()).toBe(0);
    expect(await page.getByText(later!.name).count()).toBe(0);

    // The live lesson: its own group, blue badge, a Join Lesson link to its meeting.
    const liveRow = rowsOf(page).first();
    expect(await liveRow.innerText()).toContain(live!.name);
    expect(await liveRow.locator('[data-status]').getAttribute('data-status')).toBe('in_progress');
    expect(await liveRow.getByRole('link', { name: M.joinLesson }).getAttribute('href')).toBe(
      'https://meet.example.com/abc-defg-hij',
    );
    expect(await page.getByRole('link', { name: M.joinLesson }).count()).toBe(1);
    const todayRow = rowsOf(page).filter({ hasText: today!.name });
    expect(await todayRow.innerText()).toContain('Pending');
    expect(await todayRow.innerText()).toContain(
      // A 50-minute lesson in its 60-minute slot reads as the lesson's own 50 minutes.
      `${clock(lessons.today.start)} – ${clock(new Date(lessons.today.start.getTime() + 50 * MINUTE))}`,
    );
    await checkScreen(page, 'lessons-student-14-days');

    // 30 days: the 20-day lesson joins; the address keeps the range, and so does a reload.
    await page.getByLabel(M.lessonRange).selectOption({ label: M.nextDays(30) });
    await page.waitForURL((url) => url.searchParams.get('days') === '30');
    await rowsOf(page).filter({ hasText: later!.name }).waitFor();
    const expected30 = [
      { heading: M.inProgress, rows: 1 },
      ...groupsByDate([...within14, lessons.later].map((lesson) => lesson.start)),
    ];
    expect(await listedGroups(page)).toEqual(expected30);
    await page.reload();
    await rowsOf(page).filter({ hasText: later!.name }).waitFor();
    expect(params(page)).toEqual({ days: '30' });
    expect(await page.getByLabel(M.lessonRange).inputValue()).toBe('30');

    // The trial lesson's details, in the browser's zone (not UTC's).
    const soonRow = rowsOf(page).filter({ hasText: soon!.name });
    expect(await soonRow.getByText(M.trialTag, { exact: true }).count()).toBe(1);
    await soonRow.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: M.lessonDetails });
    await dialog.waitFor();
    const soonEnd = new Date(lessons.soon.start.getTime() + 50 * MINUTE);
    const shownTime = `${clock(lessons.soon.start)} – ${clock(soonEnd)}`;
    expect(shownTime).not.toBe(`${clock(lessons.soon.start, 'UTC')} – ${clock(soonEnd, 'UTC')}`);
    expect(await dialog.getByTestId('lesson-person').innerText()).toBe(soon!.name);
    expect(await dialog.getByText(M.trialTag, { exact: true }).count()).toBe(1);
    expect(await dialog.getByTestId('lesson-subject').innerText()).toBe(soon!.subjects[0]!.name);
    expect(await dialog.getByTestId('lesson-date').innerText()).toBe(
      inZone(lessons.soon.start, {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    );
    expect(await dialog.getByTestId('lesson-time').innerText()).toBe(shownTime);
    expect(await dialog.getByTestId('lesson-timezone').innerText()).toBe('Asia/Tokyo (GMT+9)');
    expect(await dialog.getByTestId('lesson-status').innerText()).toBe('Scheduled');
    expect(await dialog.getByTestId('lesson-meeting-link').count()).toBe(0);
    expect(await dialog.getByRole('link', { name: M.joinLesson }).count()).toBe(0);
    await checkScreen(page, 'lessons-student-detail');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Keyboard: Enter opens the live lesson (with its link and Join Lesson), Escape closes it
    // and gives focus back to the row.
    const liveButton = liveRow.getByRole('button');
    await liveButton.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.getByTestId('lesson-meeting-link').innerText()).toBe(
      'https://meet.example.com/abc-defg-hij',
    );
    expect(await dialog.getByRole('link', { name: M.joinLesson }).getAttribute('href')).toBe(
      'https://meet.example.com/abc-defg-hij',
    );
    await checkScreen(page, 'lessons-student-detail-live');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await liveButton.evaluate((element) => element === document.activeElement)).toBe(true);

    // Refresh asks the server again (a lesson booked meanwhile appears), spinning ≥ 750 ms.
    const booked = eveningUtc(5);
    await insertLesson({ tutor: stranger!, studentId: student.id, start: booked });
    // The page's time stands still from here: only the test moves it, a millisecond at a time.
    const refresh = page.getByRole('button', { name: M.refreshLessons });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const answer = page.waitForResponse((response) =>
      response.url().includes('/api/lessons/upcoming?days=30'),
    );
    await refresh.click();
    expect(await refresh.getAttribute('aria-busy')).toBe('true');
    await answer;
    // The answer is in, but the button spins on to its 750 ms.
    await page.clock.runFor(749);
    await rowsOf(page).filter({ hasText: stranger!.name }).waitFor();
    expect(await refresh.getAttribute('aria-busy')).toBe('true');
    expect(await refresh.isDisabled()).toBe(true);
    await page.clock.runFor(1);
    await expect.poll(() => refresh.isEnabled()).toBe(true);
    expect(await rowsOf(page).count()).toBe(5);
    assertNoErrors();
    await close();
  });

  it('says Unable to load lessons when the server fails, and Try Again recovers', async () => {
    const { page, context, assertNoErrors, close } = await studentPage();
    await context.route('**/api/lessons/upcoming*', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }),
      }),
    );
    await page.goto(`${suite.server.url}/student/schedule?days=7`);
    const panel = page.getByRole('alert').filter({ hasText: M.loadLessonsFailed });
    await panel.waitFor();
    await checkScreen(page, 'lessons-student-error');
    await context.unroute('**/api/lessons/upcoming*');
    await panel.getByRole('button', { name: M.tryAgain }).click();
    await rowsOf(page).first().waitFor();
    expect(await panel.count()).toBe(0);
    assertNoErrors();
    await close();
  });

  it('fits a 375 px phone in the dark theme', async () => {
    const { page, assertNoErrors, close } = await studentPage({
      viewport: { width: 375, height: 780 },
      colorScheme: 'dark',
    });
    await page.goto(`${suite.server.url}/student/schedule?days=30`);
    await rowsOf(page).first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await checkScreen(page, 'lessons-student-dark-phone', { fullPage: false });
    // The calendar feed card with its new link fits too, and passes axe in the dark.
    const feed = page.getByRole('region', { name: F.title });
    await feed.getByRole('button', { name: F.create }).click();
    const link = feed.getByRole('textbox', { name: F.linkLabel });
    await link.waitFor();
    expect(await link.inputValue()).toMatch(/^webcal:\/\/.+\/calendar\/[\w-]{43}\.ics$/);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await rowsOf(page).first().getByRole('button').click();
    await page.getByRole('dialog', { name: M.lessonDetails }).waitFor();
    await checkScreen(page, 'lessons-student-detail-dark-phone', { fullPage: false });
    assertNoErrors();
    await close();
  });

  it('shows a tutor the lessons booked with them on My Schedule', async () => {
    const { db } = suite.server.app.database;
    const tutor = await createSignedInTutor(suite.server.app, {
      firstName: 'Grace',
      lastName: 'Hopper',
      timezone: 'Europe/Lisbon',
    });
    const { email } = tutor;
    // Teaching in Lisbon, reading times in Tokyo: screens show the account's zone (ADR 026).
    await tutor.client.request('PUT', '/api/account/timezone', { timezone: VIEWER_ZONE });

    const { page, context, assertNoErrors, close } = await newPage(suite.browser, VIEWER);
    const card = await openTutorSchedule(page, suite.server.url, email);
    await card.getByText(M.noUpcomingLessons, { exact: true }).waitFor();
    expect(await card.getByText(M.noLessonsTutorHint).count()).toBe(1);
    expect(await card.getByRole('link', { name: M.findTutors }).count()).toBe(0);

    // Lessons with two students; one of another tutor must not show.
    const otherName = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', otherStudentId)
      .executeTakeFirstOrThrow();
    const first = eveningUtc(4);
    const second = eveningUtc(6);
    await insertLesson({ tutor, studentId: student.id, start: first, isTrial: true });
    await insertLesson({ tutor, studentId: otherStudentId, start: second, status: 'pending' });
    await insertLesson({ tutor: tutors[1]!, studentId: student.id, start: eveningUtc(8) });

    // An error first (Try Again), then the list.
    await context.route('**/api/lessons/upcoming*', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await card.getByText(M.loadLessonsFailed, { exact: true }).waitFor();
    await context.unroute('**/api/lessons/upcoming*');
    await card.getByRole('button', { name: M.tryAgain }).click();
    await rowsOf(page).first().waitFor();

    expect(await listedGroups(page)).toEqual(groupsByDate([first, second]));
    expect(await rowsOf(page).nth(0).innerText()).toContain('Maya Okafor');
    expect(await rowsOf(page).nth(1).innerText()).toContain(
      `${otherName.first_name} ${otherName.last_name}`,
    );
    expect(await rowsOf(page).count()).toBe(2);
    await checkScreen(page, 'lessons-tutor-schedule');

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await checkScreen(page, 'lessons-tutor-schedule-dark');
    await rowsOf(page).first().getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: M.lessonDetails });
    expect(await dialog.getByTestId('lesson-person').innerText()).toBe('Maya Okafor');
    expect(await dialog.getByText('Student', { exact: true }).count()).toBe(1);
    await checkScreen(page, 'lessons-tutor-detail-dark');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The header's bell counts what is new (here: the student moved a lesson) and lists it.
    const moved = await insertLesson({ tutor, studentId: student.id, start: eveningUtc(9) });
    await rescheduleNotification(db, tutor.userId, moved);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    expect(await panel.getByRole('link').innerText()).toContain('moved your');
    await checkScreen(page, 'notifications-tutor-dark', { fullPage: false });

    // Opening it opens that lesson's details (issue #29), not just the schedule.
    await panel.getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('lesson') === moved);
    const details = page.getByRole('dialog');
    await details.getByRole('button', { name: 'Close' }).last().waitFor();
    await checkScreen(page, 'notification-opens-lesson-tutor-dark', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('lesson'));
    assertNoErrors();
    await close();
  });
});

/** The date groups a list of start instants makes, in order, with how many lessons each. */
function groupsByDate(starts: Date[]) {
  const groups: { heading: string; rows: number }[] = [];
  for (const start of [...starts].sort((a, b) => a.getTime() - b.getTime())) {
    const heading = expectedHeading(start);
    const last = groups.at(-1);
    if (last?.heading === heading) last.rows += 1;
    else groups.push({ heading, rows: 1 });
  }
  return groups;
}
