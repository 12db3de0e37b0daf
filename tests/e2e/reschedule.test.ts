import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lesson, SlotsResponse } from '../../src/contracts/booking.contract';
import { BOOKING_MESSAGES as M, MOVE_REQUEST_MESSAGES as R } from '../../src/domain/messages';
import { signUpAndVerify } from '../../src/server/test/accounts';
import { createLesson, createTutors } from '../../src/server/test/factories';
import { everyDay } from '../../src/server/test/weekly-availability';
import { browserSuite } from './support/browser-suite';
import { holdRequests } from './support/held-requests';
import { signUpStudent } from './support/sign-up';
import { openTutorSchedule } from './support/tutor-schedule';

import { checkScreen, hasChromium, newPage } from './support/browser';
import { dateIn, FIXED_NOW } from './support/fixed-time';

// Moving a lesson from the lesson detail dialog, as a student (My Schedule) and as a tutor
// (Upcoming Lessons). The tutors teach from London 13:00-22:00 every day; the student books
// from Paris but looks from New York, so the dialog must warn that the zones differ and show
// New York's times. The week shown from FIXED_NOW's Friday crosses New York's change to
// summer time on Sunday, while London's hours have not moved.

const ZONE = 'America/New_York';
const VIEWER = { timezoneId: ZONE, locale: 'en-US' } satisfies BrowserContextOptions;
const BOOKED_IN = 'Europe/Paris';
const TUTOR_ZONE = 'Europe/London';
const OPEN_FROM = 13;
const OPEN_UNTIL = 22;
const MINUTE = 60_000;

type Slot = SlotsResponse['days'][number]['slots'][number];
type Tutor = { id: string; name: string; subjectId: number };

// What a reader should see, written independently of the app's formatting code.
const inZone = (at: string, options: Intl.DateTimeFormatOptions, zone = ZONE) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(new Date(at));
const clock = (at: string, zone = ZONE) => inZone(at, { hour: 'numeric', minute: '2-digit' }, zone);
const longDate = (at: string, zone = ZONE) => inZone(at, { dateStyle: 'full' }, zone);
const lessonTimes = (start: string, minutes: number, zone = ZONE) =>
  `${clock(start, zone)} – ${clock(new Date(Date.parse(start) + minutes * MINUTE).toISOString(), zone)}`;
/** Minutes since midnight on the tutor's clock. */
const tutorMinutes = (at: string) => {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
    timeZone: TUTOR_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(at))
    .split(':')
    .map(Number);
  return hour! * 60 + minute!;
};
/** Every offered time must lie inside the tutor's hours. */
const withinTutorHours = (slot: Slot) =>
  tutorMinutes(slot.startTime) >= OPEN_FROM * 60 &&
  tutorMinutes(slot.endTime) <= OPEN_UNTIL * 60 &&
  tutorMinutes(slot.endTime) > tutorMinutes(slot.startTime);

describe.skipIf(!hasChromium)('rescheduling a lesson in a browser', () => {
  const suite = browserSuite();
  let student: { id: string; state: BrowserContextOptions['storageState'] };
  let tutors: Tutor[];

  beforeAll(async () => {
    const { db } = suite.server.app.database;
    tutors = await createTutors(db, 3, {
      timezone: TUTOR_ZONE,
      availability: everyDay(`${OPEN_FROM}:00`, `${OPEN_UNTIL}:00`),
    });
    student = await signUpStudent(suite.server);
  });

  /** Shoots a screen as it rests: colour transitions of the last click are skipped to their end. */
  async function shoot(page: Page, name: string, options?: { fullPage: boolean }) {
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important }' });
    await checkScreen(page, name, options);
  }

  const studentPage = (options: BrowserContextOptions = {}) =>
    newPage(suite.browser, { ...VIEWER, storageState: student.state, ...options });

  /** A GET of the app's API with the page's session. */
  const apiGet = <T>(page: Page, path: string) =>
    page.evaluate(async (url) => (await (await fetch(url)).json()) as T, path);

  /** Books a free trial through the API, as the booking modal would, from `viewerZone`. */
  async function bookTrial(page: Page, tutor: Tutor, viewerZone: string, daysAhead: number) {
    const bookingDate = dateIn(viewerZone, daysAhead);
    const { days } = await apiGet<SlotsResponse>(
      page,
      `/api/tutors/${tutor.id}/slots?${new URLSearchParams({ fromDate: bookingDate, days: '1', lessonMinutes: '50', viewerZone })}`,
    );
    const slot = days[0]!.slots[0]!;
    const answer = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/lessons', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: (await response.json()) as { lesson: Lesson } };
      },
      {
        tutorProfileId: tutor.id,
        subjectId: tutor.subjectId,
        mode: 'trial',
        bookingDate,
        slotLabel: slot.slotLabel,
        viewerZone,
        lessonMinutes: 50,
        notes: '',
      },
    );
    expect(answer.status).toBe(201);
    return answer.json.lesson;
  }

  /** The times the API offers a lesson on one of the viewer's days. */
  const offeredFor = async (page: Page, lessonId: string, date: string, zone = ZONE) =>
    (
      await apiGet<SlotsResponse>(
        page,
        `/api/lessons/${lessonId}/slots?${new URLSearchParams({ fromDate: date, days: '1', viewerZone: zone })}`,
      )
    ).days[0]!.slots;

  const lessonRow = (page: Page, name: string) =>
    page.getByTestId('lesson-row').filter({ hasText: name });
  const day = (dialog: Locator, date: string) => dialog.locator(`button[data-date="${date}"]`);
  const slotButtons = (dialog: Locator) => dialog.locator('button[data-slot-time]');
  const confirmButton = (dialog: Locator) =>
    dialog.getByRole('button', { name: M.confirmReschedule });
  const pressed = async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true';
  const isFocused = (locator: Locator) =>
    locator.evaluate((element) => element === document.activeElement);

  /** Opens a day and waits until its times are the ones the API offers (less the lesson's own). */
  async function openDay(page: Page, dialog: Locator, lesson: Lesson, date: string, zone = ZONE) {
    await day(dialog, date).click();
    expect(await pressed(day(dialog, date))).toBe(true);
    const offered = (await offeredFor(page, lesson.id, date, zone)).filter(
      (slot) => slot.startTime !== lesson.startTime,
    );
    expect(offered.length).toBeGreaterThan(2);
    expect(offered.every(withinTutorHours)).toBe(true);
    await expect
      .poll(() => slotButtons(dialog).allInnerTexts())
      .toEqual(offered.map((slot) => clock(slot.startTime, zone)));
    return offered;
  }

  /** A paid 50-minute lesson of the student, put straight into the database. */
  const insertLesson = (
    tutor: Tutor,
    start: Date,
    status: 'pending' | 'scheduled',
    timezone: string,
  ) =>
    createLesson(suite.server.app.database.db, {
      tutor,
      studentId: student.id,
      start,
      status,
      timezone,
    });

  async function savedLessons(oldId: string) {
    const { db } = suite.server.app.database;
    const old = await db
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', oldId)
      .executeTakeFirstOrThrow();
    const moved = await db
      .selectFrom('lessons')
      .selectAll()
      .where('rescheduled_from', '=', oldId)
      .executeTakeFirstOrThrow();
    return { old, moved };
  }

  it('lets a student move a booked trial to another day and time from My Schedule', async () => {
    const tutor = tutors[0]!;
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/schedule`);
    const lesson = await bookTrial(page, tutor, BOOKED_IN, 2);
    expect(lesson.timezone).toBe(BOOKED_IN);
    const oldTimes = lessonTimes(lesson.startTime, 50);
    await page.reload();
    const row = lessonRow(page, tutor.name);
    expect(await row.innerText()).toContain(oldTimes);

    await row.getByRole('button').click();
    const details = page.getByRole('dialog', { name: M.lessonDetails });
    await details.getByRole('button', { name: M.reschedule }).waitFor();
    await shoot(page, 'reschedule-details');
    await details.getByRole('button', { name: M.reschedule }).click();
    const dialog = page.getByRole('dialog', { name: M.rescheduleTitle });
    await dialog.waitFor();

    // The current time in New York, the zone warning, and nothing chosen yet.
    const current = await dialog.getByTestId('reschedule-current').innerText();
    expect(current).toContain(longDate(lesson.startTime));
    expect(current).toContain(oldTimes);
    await dialog.getByText(M.zoneDiffers(BOOKED_IN)).waitFor();
    expect(await dialog.getByTestId('reschedule-zone').innerText()).toContain('America/New York');
    expect(await confirmButton(dialog).isDisabled()).toBe(true);
    await dialog.locator('button[data-date][aria-pressed="true"]').waitFor();
    await shoot(page, 'reschedule-student-open');

    // Seven days from today's, never before it.
    const dates = await dialog
      .locator('button[data-date]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-date')));
    expect(dates).toEqual(Array.from({ length: 7 }, (_, index) => dateIn(ZONE, index)));
    expect(await dialog.getByRole('button', { name: 'Previous week' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next week' }).click();
    await day(dialog, dateIn(ZONE, 7)).waitFor();
    await dialog.getByRole('button', { name: 'Previous week' }).click();
    await day(dialog, dateIn(ZONE, 0)).waitFor();

    // The lesson's own day: the API counts its own time as free, the screen does not offer it.
    const ownDate = new Date(lesson.startTime).toLocaleDateString('en-CA', { timeZone: ZONE });
    expect((await offeredFor(page, lesson.id, ownDate)).map((s) => s.startTime)).toContain(
      lesson.startTime,
    );
    const ownDay = await openDay(page, dialog, lesson, ownDate);
    expect(ownDay.map((slot) => slot.startTime)).not.toContain(lesson.startTime);

    // Another day and time, and a reason.
    const newDate = dateIn(ZONE, 4);
    const offered = await openDay(page, dialog, lesson, newDate);
    const taken = offered[1]!;
    await dialog.getByRole('button', { name: clock(taken.startTime), exact: true }).click();
    expect(await confirmButton(dialog).isEnabled()).toBe(true);
    await dialog.getByLabel(M.rescheduleReason).fill('My exam moved to that week.');
    await shoot(page, 'reschedule-student');

    // Back to the details, with focus on Reschedule; Enter returns to a fresh step.
    await dialog.getByRole('button', { name: M.backToDetails }).click();
    const again = details.getByRole('button', { name: M.reschedule });
    await again.waitFor();
    expect(await isFocused(again)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.getByLabel(M.rescheduleReason).inputValue()).toBe('');
    await openDay(page, dialog, lesson, newDate);
    await dialog.getByRole('button', { name: clock(taken.startTime), exact: true }).click();
    await dialog.getByLabel(M.rescheduleReason).fill('My exam moved to that week.');

    // Meanwhile another student books that very time: the server says so, the list refreshes.
    const other = await signUpAndVerify(suite.server.url, suite.server.inbox, 'student');
    const booked = await other.client.post('/api/lessons', {
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      mode: 'trial',
      bookingDate: newDate,
      slotLabel: taken.slotLabel,
      viewerZone: ZONE,
      lessonMinutes: 50,
      notes: '',
    });
    expect(booked.status).toBe(201);
    await confirmButton(dialog).click();
    await page.getByText(M.slotUnavailable).waitFor();
    await expect
      .poll(() => slotButtons(dialog).allInnerTexts())
      .not.toContain(clock(taken.startTime));
    expect(await confirmButton(dialog).isDisabled()).toBe(true);

    // A free time this time; 'Processing...' while the server works.
    const free = await openDay(page, dialog, lesson, newDate);
    const chosen = free.find((slot) => Date.parse(slot.startTime) > Date.parse(taken.endTime))!;
    await dialog.getByRole('button', { name: clock(chosen.startTime), exact: true }).click();
    const reschedule = await holdRequests(page, '**/reschedule');
    await confirmButton(dialog).click();
    await dialog.getByRole('button', { name: M.processing }).waitFor();
    expect(await dialog.getByRole('button', { name: M.processing }).isDisabled()).toBe(true);
    reschedule.release();
    await page.getByText(M.rescheduled).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The list now shows the new time only.
    const newTimes = lessonTimes(chosen.startTime, 50);
    await expect.poll(() => row.innerText()).toContain(newTimes);
    expect(await lessonRow(page, tutor.name).count()).toBe(1);
    expect(await page.getByTestId('lesson-list').innerText()).not.toContain(oldTimes);

    const { old, moved } = await savedLessons(lesson.id);
    expect(old).toMatchObject({
      status: 'canceled',
      canceled_by: student.id,
      cancel_reason: 'My exam moved to that week.',
    });
    expect(moved).toMatchObject({
      status: 'scheduled',
      student_id: student.id,
      tutor_profile_id: tutor.id,
      duration_minutes: 50,
      is_trial: true,
      timezone: BOOKED_IN,
    });
    expect(moved.starts_at.toISOString()).toBe(chosen.startTime);
    assertNoErrors();
    await close();
  });

  it('shows no Reschedule for a lesson in progress, and one for a scheduled lesson', async () => {
    const tutor = tutors[1]!;
    // Started 20 minutes ago: in progress by the clock.
    const start = new Date(FIXED_NOW.getTime() - 20 * MINUTE);
    await insertLesson(tutor, start, 'scheduled', ZONE);
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/schedule`);
    await lessonRow(page, tutor.name).getByRole('button').click();
    const details = page.getByRole('dialog', { name: M.lessonDetails });
    expect(await details.getByTestId('lesson-status').innerText()).toBe('In Progress');
    expect(await details.getByRole('button', { name: M.reschedule }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // The moved trial (scheduled) offers it.
    await lessonRow(page, tutors[0]!.name).getByRole('button').click();
    await details.getByRole('button', { name: M.reschedule }).waitFor();
    assertNoErrors();
    await close();
  });

  it('fits the reschedule step on a 375 px phone in the dark theme', async () => {
    const tutor = tutors[0]!;
    const { page, assertNoErrors, close } = await studentPage({
      viewport: { width: 375, height: 780 },
      colorScheme: 'dark',
    });
    await page.goto(`${suite.server.url}/student/schedule`);
    await lessonRow(page, tutor.name).getByRole('button').click();
    await page
      .getByRole('dialog', { name: M.lessonDetails })
      .getByRole('button', { name: M.reschedule })
      .click();
    const dialog = page.getByRole('dialog', { name: M.rescheduleTitle });
    await dialog.getByText(M.zoneDiffers(BOOKED_IN)).waitFor();
    const { lessons } = await apiGet<{ lessons: Lesson[] }>(page, '/api/lessons/upcoming?days=14');
    const lesson = lessons.find((item) => item.tutor.name === tutor.name)!;
    const offered = await openDay(page, dialog, lesson, dateIn(ZONE, 5));
    await dialog.getByRole('button', { name: clock(offered[0]!.startTime), exact: true }).click();
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);
    await shoot(page, 'reschedule-student-dark-phone', { fullPage: false });
    // Escape closes the whole dialog.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assertNoErrors();
    await close();
  });

  it('lets a tutor propose a new time from the Upcoming Lessons card, which the student accepts', async () => {
    const { db } = suite.server.app.database;
    const tutorZone = 'Europe/Lisbon';
    const { email } = await signUpAndVerify(suite.server.url, suite.server.inbox, 'tutor');
    const user = await db
      .updateTable('users')
      .set({ is_profile_completed: true })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirstOrThrow();
    // The new account takes over a tutor's profile (subjects, London hours and all).
    const tutor = tutors[2]!;
    await db
      .updateTable('tutor_profiles')
      .set({ user_id: user.id })
      .where('id', '=', tutor.id)
      .execute();
    // A pending lesson three days on, 15:00 London, booked in the tutor's own zone.
    const start = new Date(`${dateIn(TUTOR_ZONE, 3)}T15:00:00Z`);
    const lessonId = await insertLesson(tutor, start, 'pending', tutorZone);

    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      timezoneId: tutorZone,
      locale: 'en-US',
    });
    const card = await openTutorSchedule(page, suite.server.url, email);
    const row = card.getByTestId('lesson-row').filter({ hasText: 'Maya Okafor' });
    const oldTimes = lessonTimes(start.toISOString(), 50, tutorZone);
    expect(await row.innerText()).toContain(oldTimes);

    await row.getByRole('button').click();
    await page
      .getByRole('dialog', { name: M.lessonDetails })
      .getByRole('button', { name: R.proposeNewTime })
      .click();
    const dialog = page.getByRole('dialog', { name: R.proposeNewTime });
    await dialog.getByTestId('reschedule-view').waitFor();
    // Same zone as the booking: no warning.
    expect(await dialog.getByText(M.zoneDiffers(tutorZone)).count()).toBe(0);
    expect(await dialog.getByTestId('reschedule-current').innerText()).toContain(oldTimes);

    const { lessons } = await apiGet<{ lessons: Lesson[] }>(page, '/api/lessons/upcoming?days=14');
    const lesson = lessons.find((item) => item.id === lessonId)!;
    const offered = await openDay(page, dialog, lesson, dateIn(tutorZone, 6), tutorZone);
    const chosen = offered.at(-1)!;
    await dialog
      .getByRole('button', { name: clock(chosen.startTime, tutorZone), exact: true })
      .click();
    await shoot(page, 'reschedule-tutor');
    await dialog.getByRole('button', { name: R.sendRequest }).click();
    await page.getByText(R.requestSent).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // A request: the lesson keeps its time, tagged as waiting for the student.
    await row.getByTestId('lesson-move-pending').waitFor();
    expect(await row.innerText()).toContain(oldTimes);
    await row.getByRole('button').click();
    const details = page.getByRole('dialog', { name: M.lessonDetails });
    await details.getByText(R.waitingForStudent).waitFor();
    await shoot(page, 'move-request-tutor');
    await page.keyboard.press('Escape');
    assertNoErrors();
    await close();

    // The student sees the proposed time on the lesson, in their zone, and accepts it.
    for (const look of [
      { viewport: { width: 375, height: 780 }, colorScheme: 'dark' as const, name: '375-dark' },
      { viewport: { width: 1280, height: 900 }, colorScheme: 'light' as const, name: '1280-light' },
    ]) {
      const seen = await studentPage({ viewport: look.viewport, colorScheme: look.colorScheme });
      await seen.page.goto(`${suite.server.url}/student/schedule`);
      const studentRow = seen.page
        .getByTestId('lesson-row')
        .filter({ has: seen.page.getByTestId('lesson-move-pending') });
      await studentRow.getByRole('button').click();
      const panel = seen.page.getByRole('region', { name: R.pendingTitle });
      await expect
        .poll(() => panel.getByTestId('move-request-time').innerText())
        .toContain(lessonTimes(chosen.startTime, 50));
      await shoot(seen.page, `move-request-student-${look.name}`);
      if (look.name === '1280-light') {
        await panel.getByRole('button', { name: R.accept }).click();
        await seen.page.getByText(R.accepted).waitFor();
        await seen.page.getByRole('dialog').waitFor({ state: 'hidden' });
        const moved = seen.page
          .getByTestId('lesson-row')
          .filter({ hasText: lessonTimes(chosen.startTime, 50) });
        await moved.getByTestId('lesson-moved-from').waitFor();
        await shoot(seen.page, 'move-accepted-student');
      }
      seen.assertNoErrors();
      await seen.close();
    }

    const { old, moved } = await savedLessons(lessonId);
    expect(old).toMatchObject({
      status: 'canceled',
      canceled_by: user.id,
      cancel_reason: 'Rescheduled by user',
    });
    // A pending lesson stays pending at its new time.
    expect(moved).toMatchObject({ status: 'pending', timezone: tutorZone });
    expect(moved.starts_at.toISOString()).toBe(chosen.startTime);
  });
});
