import { describe, expect, it } from 'vitest';
import {
  JITSI_MEETING_URL_TEMPLATE,
  JOIN_CLOSES_MINUTES_AFTER,
} from '../../src/domain/booking/classroom';
import { BOOKING_MESSAGES as M } from '../../src/domain/messages';
import { newMeetingUrl } from '../../src/server/modules/lessons/meeting-room';
import { createLesson, createTutors } from '../../src/server/test/factories';
import { accessibilityViolations } from './support/accessibility';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { FIXED_NOW } from './support/fixed-time';
import { signUpStudent, signUpTutor } from './support/sign-up';

// The classroom in the lesson dialog: the room's link is there from booking on, and Join Lesson
// appears exactly 10 minutes before the start — by the page's own clock, without a reload —
// and stays until 15 minutes after the lesson's end (JOIN_CLOSES_MINUTES_AFTER).

const MINUTE = 60_000;

describe.skipIf(!hasChromium)('the classroom in the lesson dialog', () => {
  const suite = browserSuite();

  it('shows the room link, and Join Lesson from 10 minutes before the start until 15 after the end', async () => {
    const { db } = suite.server.app.database;
    const [tutor] = await createTutors(db, 1, { timezone: 'Europe/London' });
    const student = await signUpStudent(suite.server);
    const start = new Date(FIXED_NOW.getTime() + 30 * MINUTE);
    const room = newMeetingUrl(JITSI_MEETING_URL_TEMPLATE);
    await createLesson(db, { tutor: tutor!, studentId: student.id, start, meetingUrl: room });

    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      storageState: student.state,
      timezoneId: 'Europe/London',
    });
    // Twenty minutes before the window opens (the page's clock runs from FIXED_NOW).
    await page.goto(`${suite.server.url}/student/schedule`);
    const row = page.getByTestId('lesson-row').filter({ hasText: tutor!.name });
    await row.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('lesson-meeting-link').innerText()).toBe(room);
    expect(await dialog.getByRole('link', { name: room }).getAttribute('href')).toBe(room);
    expect(await page.getByRole('link', { name: M.joinLesson }).count()).toBe(0);

    // A second before the mark the page's time stands still; only the test moves it on.
    await page.clock.pauseAt(new Date(start.getTime() - 10 * MINUTE - 1000));
    expect(await page.getByRole('link', { name: M.joinLesson }).count()).toBe(0);

    // The 10-minute mark: the dialog and the row behind it offer Join Lesson, to the room.
    await page.clock.runFor(1000);
    const join = dialog.getByRole('link', { name: M.joinLesson });
    await join.waitFor();
    expect(await join.getAttribute('href')).toBe(room);
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await row.getByRole('link', { name: M.joinLesson }).count()).toBe(1);
    // Time runs again (axe waits on timers) for the accessibility check of the open dialog.
    await page.clock.resume();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Still there during the lesson and a second before 15 minutes after its end (a
    // 50-minute lesson ends at its length, ADR 026); gone at that mark.
    const end = start.getTime() + 50 * MINUTE;
    await page.clock.fastForward(10 * MINUTE + 30 * MINUTE);
    expect(await join.count()).toBe(1);
    await page.clock.pauseAt(new Date(end + JOIN_CLOSES_MINUTES_AFTER * MINUTE - 1000));
    expect(await join.count()).toBe(1);
    await page.clock.runFor(1000);
    await join.waitFor({ state: 'detached' });
    expect(await dialog.getByTestId('lesson-meeting-link').innerText()).toBe(room);
    assertNoErrors();
    await close();
  });

  it('offers Join Lesson on the Overview of both parties while the lesson can be joined', async () => {
    const { db } = suite.server.app.database;
    const student = await signUpStudent(suite.server, { firstName: 'Lena', lastName: 'Vogel' });
    const tutor = await signUpTutor(suite.server, { firstName: 'Clara', lastName: 'Whitfield' });
    // Started 20 minutes ago: running now, as the overview opens.
    const start = new Date(FIXED_NOW.getTime() - 20 * MINUTE);
    const room = newMeetingUrl(JITSI_MEETING_URL_TEMPLATE);
    await createLesson(db, { tutor, studentId: student.id, start, meetingUrl: room });

    for (const [who, state, path] of [
      ['student', student.state, '/student/overview'],
      ['tutor', tutor.state, '/tutor/overview'],
    ] as const) {
      const { page, assertNoErrors, close } = await newPage(suite.browser, {
        storageState: state,
        timezoneId: 'Europe/London',
      });
      await page.goto(`${suite.server.url}${path}`);
      const card = page.getByRole('region', { name: M.nextLesson });
      const join = card.getByRole('link', { name: M.joinLesson });
      await join.waitFor();
      expect(await join.getAttribute('href'), who).toBe(room);
      await checkScreen(page, `overview-join-${who}`);
      // The lesson's 50 minutes are over 30 minutes from now, and the room stays open 15
      // minutes more (the join window): the link is still there at the end, then goes by itself.
      await page.clock.fastForward(30 * MINUTE);
      expect(await join.count()).toBe(1);
      await page.clock.fastForward(JOIN_CLOSES_MINUTES_AFTER * MINUTE);
      await join.waitFor({ state: 'detached' });
      assertNoErrors();
      await close();
    }
  });
});
