import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../src/contracts/booking.contract';
import {
  BILLING_MESSAGES as B,
  BOOKING_MESSAGES as M,
  CANCELLATION_MESSAGES as C,
} from '../../src/domain/messages';
import { createSignedInTutor, type TestTutor } from '../../src/server/test/factories';
import { everyDay } from '../../src/server/test/weekly-availability';
import { PAYMENT_HARNESSES, type StartedCheckout } from '../../src/server/test/payment-harness';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { dateIn } from './support/fixed-time';
import { signUpStudent } from './support/sign-up';
import { openTutorSchedule } from './support/tutor-schedule';

// Canceling paid lessons on the default install (issue 14): a student cancels three days ahead,
// reads the refund before confirming and finds it in Billing; a tutor cancels with a reason, and
// the student is refunded and told why by email. The paid lessons are bought through the API
// and the built-in provider (the payments journeys test the checkout pages themselves).

const ZONE = 'America/New_York';
const VIEWER = { timezoneId: ZONE, locale: 'en-US' } satisfies BrowserContextOptions;
const RATE_CENTS = 4200;
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** A 50-minute lesson at the rate, worked out here: $42/h → $35.00. */
const LESSON_CENTS = Math.round((RATE_CENTS * 50) / 60);

describe.skipIf(!hasChromium)('canceling lessons in a browser', () => {
  const suite = browserSuite();
  let tutor: TestTutor & { email: string };
  let student: { id: string; email: string; state: BrowserContextOptions['storageState'] };
  let pay: (checkout: StartedCheckout) => Promise<void>;

  beforeAll(async () => {
    tutor = await createSignedInTutor(suite.server.app, {
      firstName: 'Ada',
      lastName: 'Byron',
      timezone: 'Europe/London',
      availability: everyDay('13:00', '22:00'),
      rateCents: RATE_CENTS,
    });
    student = await signUpStudent(suite.server, {
      firstName: 'Lena',
      lastName: 'Park',
    });
    const local = await PAYMENT_HARNESSES.find((h) => h.name === 'local')!.start(
      suite.server.clock,
    );
    pay = (checkout) => local.pay(suite.server.app, checkout);
  });

  /** The page's own session calls the API, as the booking screens would. */
  const api = <T>(page: Page, path: string, body?: object) =>
    page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(path, {
          method: body ? 'POST' : 'GET',
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        return (await response.json()) as T;
      },
      { path, body },
    );

  /** A single lesson `daysAhead`, paid with the test card at the built-in provider. */
  async function paidLesson(page: Page, daysAhead: number) {
    const bookingDate = dateIn(ZONE, daysAhead);
    const query = { fromDate: bookingDate, days: '1', lessonMinutes: '50', viewerZone: ZONE };
    const { days } = await api<SlotsResponse>(
      page,
      `/api/tutors/${tutor.id}/slots?${new URLSearchParams(query)}`,
    );
    const checkout = await api<StartedCheckout>(page, '/api/checkout', {
      mode: 'single',
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      bookingDate,
      slotLabel: days[0]!.slots[0]!.slotLabel,
      viewerZone: ZONE,
      lessonMinutes: 50,
    });
    await pay(checkout);
    await api(page, `/api/checkout/sessions/${checkout.sessionId}/confirm`, {});
    return checkout;
  }

  const refundOf = (paymentId: string) =>
    suite.server.app.database.db
      .selectFrom('payments')
      .select(['status', 'refunded_cents'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();

  /** Opens the lesson with `name` from a list and its cancel step, which shows `quote`. */
  async function openCancelStep(page: Page, list: Locator, name: string, quote: string) {
    await list.getByTestId('lesson-row').filter({ hasText: name }).getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: C.cancelLesson }).click();
    await expect.poll(() => dialog.getByTestId('cancellation-quote').textContent()).toBe(quote);
    return dialog;
  }

  it('a student cancels three days ahead, reads the refund first and finds it in Billing', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      ...VIEWER,
      storageState: student.state,
      viewport: { width: 375, height: 780 },
      colorScheme: 'dark',
    });
    await page.goto(`${suite.server.url}/student/schedule`);
    const paid = await paidLesson(page, 3);
    await page.reload();
    const dialog = await openCancelStep(
      page,
      page.locator('main'),
      'Ada Byron',
      C.refundToCard(usd(LESSON_CENTS)),
    );
    expect(await dialog.getByRole('heading').first().textContent()).toBe(C.cancelTitle);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await checkScreen(page, 'cancel-quote-dark-phone', { fullPage: false });

    // By keyboard: the reason field has focus; Tab reaches the buttons.
    await page.keyboard.type('Exams moved.');
    await dialog.getByRole('button', { name: C.confirmCancel }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(C.canceled).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(M.noUpcomingLessons).waitFor();

    await expect
      .poll(() => refundOf(paid.payment.id), { timeout: 10_000 })
      .toEqual({ status: 'refunded', refunded_cents: LESSON_CENTS });
    await page.goto(`${suite.server.url}/student/billing`);
    const row = page.getByTestId('payment').first();
    await row.getByText(B.refundedAmount(usd(LESSON_CENTS))).waitFor();
    expect(await row.getByText(B.paymentStatuses.refunded, { exact: true }).count()).toBe(1);
    await row.getByText(C.refundReasons.lesson_canceled).waitFor();
    await checkScreen(page, 'cancel-billing-dark-phone');
    assertNoErrors();
    await close();
  });

  it('a tutor cancels with a reason: the student is refunded in full and told why', async () => {
    const studentPage = await newPage(suite.browser, { ...VIEWER, storageState: student.state });
    await studentPage.page.goto(`${suite.server.url}/student/schedule`);
    const paid = await paidLesson(studentPage.page, 4);
    await studentPage.close();

    const { page, assertNoErrors, close } = await newPage(suite.browser, VIEWER);
    const upcoming = await openTutorSchedule(page, suite.server.url, tutor.email);
    const dialog = await openCancelStep(
      page,
      upcoming,
      'Lena Park',
      C.studentRefunded(usd(LESSON_CENTS)),
    );
    // The student must be told why.
    await dialog.getByRole('button', { name: C.confirmCancel }).click();
    await dialog.getByText(C.reasonRequired).waitFor();
    await checkScreen(page, 'cancel-tutor-reason', { fullPage: false });
    const mails = suite.server.inbox.countTo(student.email);
    await dialog.getByLabel(C.reasonLabel).fill('I am ill, sorry.');
    await dialog.getByRole('button', { name: C.confirmCancel }).click();
    await page.getByText(C.canceled).first().waitFor();

    const notice = await suite.server.inbox.waitFor(student.email, { afterCount: mails });
    expect(notice.subject).toMatch(/^Lesson canceled: /);
    expect(notice.text).toContain('Why: I am ill, sorry.');
    expect(notice.text).toContain(`We refund ${usd(LESSON_CENTS)} to the card you paid with.`);
    await expect
      .poll(() => refundOf(paid.payment.id), { timeout: 10_000 })
      .toEqual({ status: 'refunded', refunded_cents: LESSON_CENTS });
    assertNoErrors();
    await close();
  });
});
