import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../src/contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../src/domain/messages';
import { signUpAndVerify } from '../../src/server/test/accounts';
import { createTutors, type TestTutor } from '../../src/server/test/factories';
import { everyDay } from '../../src/server/test/weekly-availability';
import { browserSuite } from './support/browser-suite';
import { holdRequests } from './support/held-requests';
import { signUpStudent } from './support/sign-up';
import { checkScreen, checkScreenAlso, hasChromium, newPage } from './support/browser';
import { dateIn } from './support/fixed-time';

// A student books a free trial lesson the way a person would: from a tutor's profile, through
// the booking modal, the checkout and the confirmation. The student sits in New York; the
// tutors teach from London every afternoon (New York's mornings and early afternoons). At
// FIXED_NOW it is 14:10 on Friday in New York: today's earlier times are past, and the lesson
// booked for Sunday falls after New York's clocks go forward (GMT-4 then, GMT-5 today).

const ZONE = 'America/New_York';
const VIEWER = { timezoneId: ZONE, locale: 'en-US' } satisfies BrowserContextOptions;
const TUTOR_ZONE = 'Europe/London';

type Tutor = TestTutor;
type Slot = SlotsResponse['days'][number]['slots'][number];

// What a reader in New York should see, written independently of the app's formatting code.
const inZone = (at: string, options: Intl.DateTimeFormatOptions, zone = ZONE) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(new Date(at));
const clock = (at: string, zone = ZONE) => inZone(at, { hour: 'numeric', minute: '2-digit' }, zone);
const longDate = (at: string, zone = ZONE) => inZone(at, { dateStyle: 'full' }, zone);
const plusMinutes = (at: string, minutes: number) =>
  new Date(Date.parse(at) + minutes * 60_000).toISOString();
const lessonTimes = (start: string, minutes: number, zone = ZONE) =>
  `${clock(start, zone)} – ${clock(plusMinutes(start, minutes), zone)}`;
/** How the modal names New York's zone on FIXED_NOW's Friday, before its clocks go forward. */
const ZONE_TODAY = 'America/New York (GMT-5)';

describe.skipIf(!hasChromium)('booking a trial lesson in a browser', () => {
  const suite = browserSuite();
  let signedIn: BrowserContextOptions['storageState'];
  let studentId: string;
  let tutors: Tutor[];

  beforeAll(async () => {
    const { db } = suite.server.app.database;
    // Tutors with several subjects, so the student has to pick one.
    tutors = await createTutors(db, 3, {
      subjects: ['Mathematics', 'Physics', 'Chemistry'],
      timezone: TUTOR_ZONE,
      availability: everyDay('13:00', '22:00'),
    });
    ({ state: signedIn, id: studentId } = await signUpStudent(suite.server, {
      firstName: 'Lena',
      lastName: 'Moreau',
    }));
  });

  const studentPage = (options: BrowserContextOptions = {}) =>
    newPage(suite.browser, { ...VIEWER, storageState: signedIn, ...options });

  /** What the API itself offers (the screen must agree with it). */
  const apiSlots = (page: Page, tutorId: string, query: Record<string, string>) =>
    page.evaluate(
      async ([id, q]) =>
        (await (await fetch(`/api/tutors/${id}/slots?${new URLSearchParams(q)}`)).json()) as {
          days: { dateStr: string; slots: Slot[] }[];
        },
      [tutorId, query] as const,
    );
  const daySlots = async (page: Page, tutorId: string, date: string, minutes: number) =>
    (
      await apiSlots(page, tutorId, {
        fromDate: date,
        days: '1',
        lessonMinutes: String(minutes),
        viewerZone: ZONE,
      })
    ).days[0]!.slots;

  const modal = (page: Page) => page.getByRole('dialog');
  const day = (dialog: Locator, date: string) => dialog.locator(`button[data-date="${date}"]`);
  const slotButtons = (dialog: Locator) => dialog.locator('button[data-slot-time]');
  const continueButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Continue' });
  const pressed = async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true';

  /** Opens a day and waits until its times are the ones the API offers. */
  async function openDay(page: Page, tutorId: string, date: string, minutes: number) {
    const dialog = modal(page);
    await day(dialog, date).click();
    const offered = await daySlots(page, tutorId, date, minutes);
    expect(offered.length).toBeGreaterThan(2);
    await expect
      .poll(() => slotButtons(dialog).allInnerTexts())
      .toEqual(offered.map((slot) => clock(slot.startTime)));
    return offered;
  }

  it('books a free trial from the profile, confirms it, and then only sees the trial as used', async () => {
    const tutor = tutors[0]!;
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/tutors/${tutor.id}`);
    await page.getByRole('heading', { level: 1, name: tutor.name }).waitFor();
    await page.getByRole('button', { name: M.bookTrialLesson }).click();
    await page.waitForURL(`**/booking/plan/${tutor.id}`);

    // The eligibility check forces the trial: the paid modes cannot be chosen.
    const dialog = modal(page);
    await dialog.getByRole('heading', { name: M.titleTrial }).waitFor();
    const trial = dialog.getByRole('button', { name: /^Trial lesson/ });
    await expect.poll(() => trial.isEnabled()).toBe(true);
    expect(await pressed(trial)).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Single lesson/ }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Lesson package/ }).isDisabled()).toBe(true);
    expect(await dialog.getByText(M.trialUsed).count()).toBe(0);

    // Opened on today when it has times, else on the first day of the week that has.
    const today = dateIn(ZONE, 0);
    const week = await apiSlots(page, tutor.id, {
      fromDate: today,
      days: '7',
      lessonMinutes: '50',
      viewerZone: ZONE,
    });
    expect(week.days.map((d) => d.dateStr)[0]).toBe(today);
    const firstOpen = week.days.find((d) => d.slots.length > 0)!.dateStr;
    await expect.poll(() => pressed(day(dialog, firstOpen))).toBe(true);
    expect(await dialog.locator('button[data-date]').count()).toBe(7);
    expect(await dialog.getByRole('button', { name: 'Previous week' }).isDisabled()).toBe(true);

    // Several subjects: none is chosen for the student, and Continue waits for one.
    const subject = tutor.subjects[1]!;
    const subjects = dialog.getByRole('group', { name: 'Subject' }).getByRole('button');
    expect(await subjects.allInnerTexts()).toEqual(tutor.subjects.map((s) => s.name));
    await dialog.getByText(M.selectSubject).waitFor();
    expect(await continueButton(dialog).isDisabled()).toBe(true);
    const subjectButton = dialog.getByRole('button', { name: subject.name, exact: true });
    await subjectButton.click();
    expect(await pressed(subjectButton)).toBe(true);

    // 50 minutes by default; a time is dropped when the duration changes.
    const durations = dialog.getByRole('group', { name: 'Duration' }).getByRole('button');
    expect(await durations.allInnerTexts()).toEqual(['25 min', '50 min', '100 min']);
    expect(await pressed(durations.filter({ hasText: '50 min' }))).toBe(true);
    const date = dateIn(ZONE, 2);
    await openDay(page, tutor.id, date, 50);
    await slotButtons(dialog).first().click();
    expect(await pressed(slotButtons(dialog).first())).toBe(true);
    await durations.filter({ hasText: '25 min' }).click();
    const shorter = await openDay(page, tutor.id, date, 25);
    expect(await dialog.locator('button[data-slot-time][aria-pressed="true"]').count()).toBe(0);
    expect(await dialog.getByRole('heading', { name: 'Morning' }).count()).toBe(
      shorter.some((s) => s.period === 'morning') ? 1 : 0,
    );

    // Another zone moves every time and forgets the chosen date; the search finds zones.
    const zoneButton = dialog.getByRole('button', { name: /^Timezone/ });
    expect(await zoneButton.innerText()).toContain(ZONE_TODAY);
    await zoneButton.click();
    const search = dialog.getByRole('combobox', { name: 'Search timezones' });
    expect(await search.getAttribute('placeholder')).toBe(M.searchTimezones);
    await search.fill('zzzz');
    await dialog.getByText(M.noTimezones).waitFor();
    await search.press('Escape'); // closes the list, not the modal
    expect(await search.isVisible()).toBe(false);
    expect(await dialog.isVisible()).toBe(true);
    await zoneButton.click();
    await search.fill('tokyo');
    await dialog.getByRole('option', { name: 'Asia/Tokyo' }).waitFor();
    await checkScreen(page, 'booking-timezone-search');
    await search.press('Enter');
    expect(await zoneButton.innerText()).toContain('Asia/Tokyo');
    const tokyoFirst = await apiSlots(page, tutor.id, {
      fromDate: dateIn('Asia/Tokyo', 0),
      days: '7',
      lessonMinutes: '25',
      viewerZone: 'Asia/Tokyo',
    });
    const tokyoDay = tokyoFirst.days.find((d) => d.slots.length > 0)!;
    await expect.poll(() => pressed(day(dialog, tokyoDay.dateStr))).toBe(true);
    await expect
      .poll(() => slotButtons(dialog).allInnerTexts())
      .toEqual(tokyoDay.slots.map((slot) => clock(slot.startTime, 'Asia/Tokyo')));
    await zoneButton.click();
    await search.fill('new york');
    await dialog.getByRole('option', { name: 'America/New York' }).click();
    expect(await zoneButton.innerText()).toContain(ZONE_TODAY);

    // The week pages forward and back, never before today's.
    await dialog.getByRole('button', { name: 'Next week' }).click();
    await day(dialog, dateIn(ZONE, 7)).waitFor();
    expect(await dialog.getByRole('button', { name: 'Previous week' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Previous week' }).click();
    const offered = await openDay(page, tutor.id, date, 25);

    // A time, a note, and the footer says what is chosen.
    const chosen = offered[1]!;
    await dialog.getByRole('button', { name: clock(chosen.startTime), exact: true }).click();
    await dialog.getByLabel(/Notes for your tutor/).fill('I would like to practise for an exam.');
    const summary = await dialog.getByTestId('booking-summary').innerText();
    expect(summary).toContain(lessonTimes(chosen.startTime, 25));
    expect(summary).toContain(M.free);
    await checkScreen(page, 'booking-modal-light');

    // Continue asks the server once more for that day; the toast says it is working.
    const recheck = await holdRequests(page, '**/slots?*days=1*');
    await continueButton(dialog).click();
    await page.getByText(M.preparing).waitFor();
    recheck.release();
    await page.waitForURL('**/payment/checkout');
    await page.getByRole('heading', { level: 1, name: M.confirmTitle }).waitFor();
    const paymentSummary = page.getByRole('region', { name: M.paymentSummary });
    const facts = async () =>
      Object.fromEntries(
        await Promise.all(
          (await paymentSummary.locator('dl > div').all()).map(async (row) => [
            await row.locator('dt').innerText(),
            await row.locator('dd').innerText(),
          ]),
        ),
      );
    expect(await facts()).toEqual({
      Tutor: tutor.name,
      Type: M.trialLessonType,
      Date: longDate(chosen.startTime),
      // Sunday's lesson is after the clocks went forward: its own offset, not today's.
      Time: `${lessonTimes(chosen.startTime, 25)}\nAmerica/New York (GMT-4)`,
      Duration: '25 minutes',
      Subject: subject.name,
    });
    expect(await page.getByTestId('checkout-total').innerText()).toBe(M.free);
    // Nothing to pay, so no card notes and no talk of a redirect.
    expect(await page.getByText(M.secureCheckout).count()).toBe(0);
    expect(await page.getByText(M.redirectNotice).count()).toBe(0);
    await checkScreen(page, 'booking-checkout');

    await page.getByRole('button', { name: M.confirmTrial }).click();
    await page.waitForURL('**/payment/success?lesson=*');
    await page.getByRole('heading', { name: M.trialConfirmed }).waitFor();
    await page.getByText(M.trialBooked).waitFor();
    const lessonId = new URL(page.url()).searchParams.get('lesson')!;
    const saved = await suite.server.app.database.db
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      student_id: studentId,
      tutor_profile_id: tutor.id,
      subject_id: subject.id,
      is_trial: true,
      price_cents: 0,
      duration_minutes: 25,
      timezone: ZONE,
      // The note to the tutor starts the student's lesson notes, as a paragraph.
      student_notes: '<p>I would like to practise for an exam.</p>',
    });
    expect(saved.starts_at.toISOString()).toBe(chosen.startTime);
    const confirmation = await page.locator('main').innerText();
    for (const text of [
      M.trialConfirmedText(tutor.name),
      longDate(chosen.startTime),
      lessonTimes(chosen.startTime, 25),
      subject.name,
      M.free,
    ])
      expect(confirmation).toContain(text);
    expect(await page.evaluate(() => localStorage.getItem('pendingBooking'))).toBeNull();
    expect(await page.getByRole('link', { name: M.returnHome }).getAttribute('href')).toBe(
      '/student/overview',
    );
    expect(await page.getByRole('link', { name: M.viewMyLessons }).getAttribute('href')).toBe(
      '/student/lessons',
    );
    await checkScreen(page, 'booking-success');

    // My Lessons lists it, as the server has it.
    await page.getByRole('link', { name: M.viewMyLessons }).click();
    await page.getByRole('heading', { name: M.myLessons }).waitFor();
    const booked = page.getByRole('button', { name: new RegExp(tutor.name) });
    await booked.waitFor();
    expect(await booked.innerText()).toContain(lessonTimes(chosen.startTime, 25));
    // The overview leads with it.
    await page.goto(`${suite.server.url}/student/overview`);
    const next = page.getByRole('region', { name: M.nextLesson });
    await next.getByText(tutor.name).waitFor();
    expect(await next.innerText()).toContain(lessonTimes(chosen.startTime, 25));

    // Booking again: the trial is used (booked, not yet had: the profile and the modal say when
    // it is), a package waits for its choice, the time is gone.
    const trialWhen = M.trialBookedFor(
      inZone(chosen.startTime, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
    await page.goto(`${suite.server.url}/student/tutors/${tutor.id}`);
    await page.getByTestId('trial-booked').getByText(trialWhen).waitFor();
    expect(await page.getByRole('button', { name: M.bookTrialLesson }).count()).toBe(0);
    await checkScreen(page, 'profile-trial-booked');
    await checkScreenAlso(page, 'profile-trial-booked-dark-phone', {
      width: 375,
      colorScheme: 'dark',
      ready: () => page.getByTestId('trial-booked').getByText(trialWhen).waitFor(),
    });
    await page.getByRole('button', { name: M.bookLesson }).click();
    await dialog.getByText(trialWhen).waitFor();
    expect(await dialog.getByText(M.trialUsed).count()).toBe(0);
    await dialog.getByRole('heading', { name: M.titleSingle }).waitFor();
    expect(await pressed(dialog.getByRole('button', { name: /^Single lesson/ }))).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Trial lesson/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /^Lesson package/ }).click();
    await dialog.getByRole('heading', { name: M.titlePackage }).waitFor();
    await dialog.getByRole('group', { name: 'Duration' }).getByText('25 min').click();
    const after = await openDay(page, tutor.id, date, 25);
    expect(after.map((s) => s.startTime)).not.toContain(chosen.startTime);
    await slotButtons(dialog).first().click();
    expect(await continueButton(dialog).isDisabled()).toBe(true);
    await checkScreen(page, 'booking-modal-trial-used');

    // Escape closes the modal: back to the profile it was opened from.
    await page.keyboard.press('Escape');
    await page.waitForURL(`**/student/tutors/${tutor.id}`);
    assertNoErrors();
    await close();
  });

  it('fits a 375 px phone in the dark as a sheet, and works from the keyboard', async () => {
    const tutor = tutors[1]!;
    const { page, assertNoErrors, close } = await studentPage({
      viewport: { width: 375, height: 780 },
      colorScheme: 'dark',
    });
    // Opened directly (no history): closing goes to the tutor's profile.
    await page.goto(`${suite.server.url}/booking/plan/${tutor.id}`);
    const dialog = modal(page);
    await dialog.getByRole('heading', { name: M.titleTrial }).waitFor();
    await dialog.locator('button[data-slot-time]').first().waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(375);
    expect(Math.round(box.y + box.height)).toBe(780);
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);

    // Keyboard: a day and a time are real buttons that Enter and Space press.
    const date = dateIn(ZONE, 1);
    await day(dialog, date).focus();
    await page.keyboard.press('Enter');
    expect(await pressed(day(dialog, date))).toBe(true);
    const offered = await daySlots(page, tutor.id, date, 50);
    await expect.poll(() => slotButtons(dialog).count()).toBe(offered.length);
    const first = slotButtons(dialog).first();
    await first.focus();
    await page.keyboard.press('Space');
    expect(await pressed(first)).toBe(true);
    await dialog.getByRole('group', { name: 'Subject' }).getByRole('button').first().click();
    expect(await continueButton(dialog).isEnabled()).toBe(true);
    await checkScreen(page, 'booking-modal-dark-phone', { fullPage: false });

    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`**/student/tutors/${tutor.id}`);
    assertNoErrors();
    await close();
  });

  it('sends the student back to pick another time when the slot is taken before confirming', async () => {
    const tutor = tutors[2]!;
    const { page, assertNoErrors, close } = await studentPage({ colorScheme: 'dark' });
    await page.goto(`${suite.server.url}/student/tutors?q=${encodeURIComponent(tutor.name)}`);
    await page.getByRole('link', { name: `Book ${tutor.name}`, exact: true }).click();
    await page.waitForURL(`**/booking/plan/${tutor.id}`);
    const dialog = modal(page);
    const subject = tutor.subjects[0]!;
    await dialog.getByRole('button', { name: subject.name, exact: true }).click();
    const date = dateIn(ZONE, 3);
    const offered = await openDay(page, tutor.id, date, 50);
    const chosen = offered[2]!;
    await dialog.getByRole('button', { name: clock(chosen.startTime), exact: true }).click();
    await continueButton(dialog).click();
    await page.getByRole('button', { name: M.confirmTrial }).waitFor();
    await checkScreen(page, 'booking-checkout-dark');

    // A failure other than a taken slot: the Payment Failed dialog, with the server's reason.
    const { db } = suite.server.app.database;
    const taught = await db
      .deleteFrom('tutor_subjects')
      .where('tutor_profile_id', '=', tutor.id)
      .where('subject_id', '=', subject.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await page.getByRole('button', { name: M.confirmTrial }).click();
    const failed = page.getByRole('dialog', { name: M.paymentFailed });
    await failed.getByText(M.notATutorSubject).waitFor();
    await failed.getByRole('button', { name: 'Cancel' }).waitFor();
    await checkScreen(page, 'booking-payment-failed-dark');
    await db.insertInto('tutor_subjects').values(taught).execute();

    // Meanwhile another student books that very time.
    const other = await signUpAndVerify(suite.server.url, suite.server.inbox, 'student');
    const taken = await other.client.post('/api/lessons', {
      tutorProfileId: tutor.id,
      subjectId: subject.id,
      mode: 'trial',
      bookingDate: date,
      slotLabel: chosen.slotLabel,
      viewerZone: ZONE,
      lessonMinutes: 50,
      notes: '',
    });
    expect(taken.status).toBe(201);

    await failed.getByRole('button', { name: M.tryAgain }).click();
    await page.getByText(M.slotUnavailable).waitFor();
    await page.waitForURL(`**/booking/plan/${tutor.id}`);
    await dialog.getByRole('heading', { name: M.titleTrial }).waitFor();
    const now = await openDay(page, tutor.id, date, 50);
    expect(now.map((s) => s.startTime)).not.toContain(chosen.startTime);
    assertNoErrors();
    await close();
  });

  it('says so when there is nothing to confirm or the booking is unknown', async () => {
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/payment/checkout`);
    await page.getByText(M.noPaymentDetails).waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/payment'));

    await page.goto(
      `${suite.server.url}/payment/success?lesson=00000000-0000-4000-8000-000000000000`,
    );
    await page.getByRole('heading', { name: M.noBookingFound }).waitFor();
    await checkScreen(page, 'booking-success-not-found');
    assertNoErrors();
    await close();
  });
});
