import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../src/contracts/booking.contract';
import {
  BILLING_MESSAGES as B,
  BOOKING_MESSAGES as M,
  PAYMENT_MESSAGES as P,
} from '../../src/domain/messages';
import { DEFAULT_HOLD_MINUTES } from '../../src/domain/payments/payment-rules';
import { formatInstant } from '../../src/domain/text/date-styles';
import { CARD_TEXT } from '../../src/server/adapters/payments/local-test-cards';
import {
  createLesson,
  createSignedInTutor,
  createTutors,
  type TestTutor,
} from '../../src/server/test/factories';
import { everyDay } from '../../src/server/test/weekly-availability';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { dateIn, FIXED_NOW } from './support/fixed-time';
import { holdRequests } from './support/held-requests';
import { onHostedCheckout, payByCard, TEST_CARDS } from './support/hosted-checkout';
import { signUpStudent } from './support/sign-up';
import { openTutorSchedule } from './support/tutor-schedule';
import { lessonTimes as lessonTimesIn } from '../../src/web/lib/lesson-time';

// Paid bookings on the default install, as a student goes through them: the booking modal,
// our checkout page, the built-in provider's hosted card page (outside the SPA), and back to
// the success or cancel page; then the lesson in My Schedule, in the tutor's list, and the
// payments and packages on Billing. Each journey has its own student and tutor, so their
// slots never meet; every student had their free trial with that tutor last week, so the
// modal offers the paid modes. Prices are worked out here from the rate the profile shows,
// never read from the app's pricing code.

const ZONE = 'America/New_York';
const VIEWER = { timezoneId: ZONE, locale: 'en-US' } satisfies BrowserContextOptions;
const TUTOR_ZONE = 'Europe/London';
/** $37.50 an hour: a 25-minute lesson is 1562.5 cents, so the half cent must round up. */
const RATE_CENTS = 3750;
const SUBJECTS = ['Mathematics', 'Physics'];
const PHONE = { width: 375, height: 780 };
const DAY_MS = 86_400_000;

type Slot = SlotsResponse['days'][number]['slots'][number];

// What a reader in New York should see, written independently of the app's formatting code.
const inZone = (at: string | Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: ZONE }).format(new Date(at));
const clock = (at: string) => inZone(at, { hour: 'numeric', minute: '2-digit' });
const longDate = (at: string) => inZone(at, { dateStyle: 'full' });
const plusMinutes = (at: string, minutes: number) =>
  new Date(Date.parse(at) + minutes * 60_000).toISOString();
const lessonTimes = (start: string, minutes: number) =>
  `${clock(start)} – ${clock(plusMinutes(start, minutes))}`;
const zoneLabel = (at: string) =>
  `America/New York (${
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')!.value
  })`;

// Money as a person reads and works it out.
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** '$37.50 per hour' → 3750. */
const centsIn = (text: string) =>
  Math.round(Number(/\$([\d,]+(?:\.\d+)?)/.exec(text)![1]!.replaceAll(',', '')) * 100);
/** Rate × lesson hours, to the cent. */
const lessonPrice = (rateCents: number, minutes: number) => Math.round((rateCents * minutes) / 60);

describe.skipIf(!hasChromium)('paying for lessons and packages in a browser', () => {
  const suite = browserSuite();
  let signedInTutor: TestTutor & { email: string };
  let tutors: TestTutor[];

  beforeAll(async () => {
    const options = {
      subjects: SUBJECTS,
      timezone: TUTOR_ZONE,
      availability: everyDay('13:00', '22:00'),
      rateCents: RATE_CENTS,
    };
    // The first journey's tutor signs in to see the lesson booked with them.
    signedInTutor = await createSignedInTutor(suite.server.app, {
      ...options,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    tutors = await createTutors(suite.server.app.database.db, 3, options);
  });

  /** A new student, signed in, who had their free trial with `tutor` a week ago. */
  async function studentWhoHadTrial(
    tutor: TestTutor,
    names: { firstName: string; lastName: string },
  ) {
    const student = await signUpStudent(suite.server, names);
    await createLesson(suite.server.app.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() - 7 * DAY_MS),
      isTrial: true,
      status: 'completed',
      timezone: ZONE,
    });
    return { ...student, name: `${names.firstName} ${names.lastName}` };
  }

  const studentPage = (
    state: BrowserContextOptions['storageState'],
    options: BrowserContextOptions = {},
  ) => newPage(suite.browser, { ...VIEWER, storageState: state, ...options });

  const horizontalOverflow = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  const modal = (page: Page) => page.getByRole('dialog');
  const slotButtons = (dialog: Locator) => dialog.locator('button[data-slot-time]');
  const continueButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Continue' });
  const pressed = async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true';

  /** The times the API offers on one day (the screen must agree with it). */
  const daySlots = (page: Page, tutorId: string, date: string, minutes: number) =>
    page.evaluate(
      async ([id, q]) =>
        (
          (await (await fetch(`/api/tutors/${id}/slots?${new URLSearchParams(q)}`)).json()) as {
            days: { slots: Slot[] }[];
          }
        ).days[0]!.slots,
      [
        tutorId,
        { fromDate: date, days: '1', lessonMinutes: String(minutes), viewerZone: ZONE },
      ] as const,
    );

  /** Opens a day in the modal, waits for the API's times on it, and picks the `index`th. */
  async function pickTime(page: Page, tutorId: string, date: string, minutes: number, index = 1) {
    const dialog = modal(page);
    await dialog.locator(`button[data-date="${date}"]`).click();
    const offered = await daySlots(page, tutorId, date, minutes);
    expect(offered.length).toBeGreaterThan(index);
    await expect
      .poll(() => slotButtons(dialog).allInnerTexts())
      .toEqual(offered.map((slot) => clock(slot.startTime)));
    const chosen = offered[index]!;
    await dialog.getByRole('button', { name: clock(chosen.startTime), exact: true }).click();
    return chosen;
  }

  /** Opens the booking modal from the tutor's profile; answers the rate the profile shows. */
  async function bookFromProfile(page: Page, tutor: TestTutor) {
    await page.goto(`${suite.server.url}/student/tutors/${tutor.id}`);
    await page.getByRole('heading', { level: 1, name: tutor.name }).waitFor();
    const rateCents = centsIn(await page.getByTestId('profile-rate').innerText());
    // The trial was had: the profile offers a lesson, not the trial.
    await page.getByRole('button', { name: M.bookLesson }).click();
    await page.waitForURL(`**/booking/plan/${tutor.id}`);
    // The trial is used: a single lesson is offered first.
    const dialog = modal(page);
    await dialog.getByText(M.trialUsed).waitFor();
    await dialog.getByRole('heading', { name: M.titleSingle }).waitFor();
    expect(await pressed(dialog.getByRole('button', { name: /^Single lesson/ }))).toBe(true);
    return rateCents;
  }

  /** A single lesson of `minutes` on `date` chosen in the open modal, then Continue. */
  async function chooseSingleLesson(
    page: Page,
    tutor: TestTutor,
    { date, minutes, price }: { date: string; minutes: 25 | 50 | 100; price: number },
  ) {
    const dialog = modal(page);
    const subject = tutor.subjects[1]!;
    await dialog.getByRole('button', { name: subject.name, exact: true }).click();
    await dialog.getByRole('group', { name: 'Duration' }).getByText(`${minutes} min`).click();
    expect(await dialog.getByRole('button', { name: /^Single lesson/ }).innerText()).toContain(
      usd(price),
    );
    const chosen = await pickTime(page, tutor.id, date, minutes);
    const summary = await dialog.getByTestId('booking-summary').innerText();
    expect(summary).toContain(lessonTimes(chosen.startTime, minutes));
    expect(summary).toContain(usd(price));
    await continueButton(dialog).click();
    await page.waitForURL('**/payment/checkout');
    await page.getByRole('heading', { level: 1, name: M.checkoutTitle }).waitFor();
    return { chosen, subject };
  }

  /** Label → value of each row of a facts list (the checkout summary, the success card). */
  async function factsOf(container: Locator) {
    await container.locator('dl > div').first().waitFor();
    return Object.fromEntries(
      await Promise.all(
        (await container.locator('dl > div').all()).map(async (row) => [
          await row.locator('dt').innerText(),
          await row.locator('dd').innerText(),
        ]),
      ),
    ) as Record<string, string>;
  }

  const paymentSummary = (page: Page) => page.getByRole('region', { name: M.paymentSummary });
  const payButton = (page: Page, price: number) =>
    page.getByRole('button', { name: P.pay(usd(price)) });

  /** The success page once the server has settled the session: its title and facts. */
  async function settled(page: Page, title: string) {
    await page.waitForURL('**/payment/success?session_id=*');
    const card = page.getByRole('region', { name: title });
    await card.waitFor();
    return { card, facts: await factsOf(card) };
  }

  const scheduleRows = (page: Page) => page.getByTestId('lesson-row');

  it('pays for a single lesson with 4242, which lands in My Schedule and in the tutor’s list', async () => {
    const tutor = signedInTutor;
    const student = await studentWhoHadTrial(tutor, { firstName: 'Lena', lastName: 'Moreau' });
    const { page, assertNoErrors, close } = await studentPage(student.state);
    const rate = await bookFromProfile(page, tutor);
    expect(rate).toBe(RATE_CENTS);
    const price = lessonPrice(rate, 25);
    const { chosen, subject } = await chooseSingleLesson(page, tutor, {
      date: dateIn(ZONE, 1),
      minutes: 25,
      price,
    });

    // The checkout: what is being paid for, the card notes, and Pay with the amount.
    expect(await factsOf(paymentSummary(page))).toEqual({
      Tutor: tutor.name,
      Type: P.singleLessonType,
      Date: longDate(chosen.startTime),
      Time: `${lessonTimes(chosen.startTime, 25)}\n${zoneLabel(chosen.startTime)}`,
      Duration: '25 minutes',
      Subject: subject.name,
    });
    expect(await page.getByTestId('checkout-total').innerText()).toBe(usd(price));
    await page.getByRole('heading', { name: P.secureCheckout }).waitFor();
    await page.getByText(P.holdNotice(DEFAULT_HOLD_MINUTES)).waitFor();
    await page.getByText(P.redirectNotice).waitFor();
    await checkScreen(page, 'payments-checkout');

    // Pay: 'Processing...' while the server holds the slot and opens the provider's session.
    // (The Processing Payment dialog shown while the browser leaves is the component tests':
    // holding the hosted page's request here stops Chromium from drawing the old page.)
    const starting = await holdRequests(page, '**/api/checkout');
    await payButton(page, price).click();
    await page.getByRole('button', { name: M.processing }).waitFor();
    starting.release();

    // The hosted page: the provider's, not the SPA's, with the amount and the slot's hold.
    await onHostedCheckout(page, suite.server.url);
    expect(await page.locator('#root').count()).toBe(0);
    const order = page.getByRole('region', { name: 'Order summary' });
    expect(await order.getByRole('heading', { level: 1 }).innerText()).toContain(usd(price));
    const description = await order.locator('.description').innerText();
    expect(description).toContain(subject.name);
    expect(description).toContain(tutor.name);
    await order.getByText('Your time slot is held for').waitFor();
    await checkScreen(page, 'payments-hosted');
    await payByCard(page, TEST_CARDS.pays, student.name);

    // Back in the app: paid, with the tutor, the lesson and the amount.
    await page.getByText(P.paymentSuccessToast).waitFor();
    const { card, facts } = await settled(page, P.paymentSuccessful);
    expect(facts).toMatchObject({
      Tutor: tutor.name,
      Purchase: description,
      Subject: subject.name,
      Date: longDate(chosen.startTime),
      Time: `${lessonTimes(chosen.startTime, 25)} · ${zoneLabel(chosen.startTime)}`,
      Amount: usd(price),
    });
    await card.getByText(M.lessonConfirmedText(tutor.name)).waitFor();
    // The provider's receipt says the same amount and the card used.
    const receiptUrl = await card.getByRole('link', { name: /View receipt/ }).getAttribute('href');
    const receipt = await (await page.request.get(receiptUrl!)).text();
    expect(receipt).toContain(usd(price));
    expect(receipt).toContain('Card ending in 4242');
    expect(await page.evaluate(() => localStorage.getItem('pendingPayment'))).toBeNull();
    await checkScreen(page, 'payments-success');

    // My Schedule lists the lesson, scheduled.
    await page.goto(`${suite.server.url}/student/schedule`);
    const mine = scheduleRows(page).filter({ hasText: tutor.name });
    await mine.waitFor();
    expect(await mine.innerText()).toContain(lessonTimes(chosen.startTime, 25));
    expect(await mine.locator('[data-status]').getAttribute('data-status')).toBe('scheduled');

    // So does the tutor's My Schedule, with the student's name.
    const tutorSide = await newPage(suite.browser, VIEWER);
    const upcoming = await openTutorSchedule(tutorSide.page, suite.server.url, tutor.email);
    const theirs = upcoming.getByTestId('lesson-row').filter({ hasText: student.name });
    await theirs.waitFor();
    // In the tutor's account zone, whatever the browser's (issue #29).
    expect(await theirs.innerText()).toContain(lessonTimesIn(chosen.startTime, 25, TUTOR_ZONE));
    expect(await theirs.innerText()).toContain(subject.name);
    expect(await theirs.locator('[data-status]').getAttribute('data-status')).toBe('scheduled');
    tutorSide.assertNoErrors();
    await tutorSide.close();
    assertNoErrors();
    await close();
  });

  it('says Payment Failed for a declined card and pays on Try Again, on a 375 px phone', async () => {
    const tutor = tutors[0]!;
    const student = await studentWhoHadTrial(tutor, { firstName: 'Kofi', lastName: 'Mensah' });
    const { page, assertNoErrors, close } = await studentPage(student.state, { viewport: PHONE });
    const rate = await bookFromProfile(page, tutor);
    const price = lessonPrice(rate, 50);
    const { chosen } = await chooseSingleLesson(page, tutor, {
      date: dateIn(ZONE, 2),
      minutes: 50,
      price,
    });
    await payButton(page, price).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, 'payments-checkout-phone', { fullPage: false });

    await payButton(page, price).click();
    await onHostedCheckout(page, suite.server.url);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, 'payments-hosted-phone', { fullPage: false });

    // Declined: the hosted page's Payment Failed panel says why, with Cancel and Try Again.
    await payByCard(page, TEST_CARDS.declined, student.name);
    const failed = page.getByRole('alert').filter({ hasText: P.paymentFailed });
    await failed.getByRole('heading', { name: P.paymentFailed }).waitFor();
    await failed.getByText(CARD_TEXT.declined, { exact: true }).waitFor();
    await failed.getByRole('button', { name: P.cancel }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, 'payments-hosted-declined-phone', { fullPage: false });

    // Try Again: the card form again, empty; the good card pays.
    await failed.getByRole('link', { name: M.tryAgain }).click();
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    await payByCard(page, TEST_CARDS.pays, student.name);
    const { facts } = await settled(page, P.paymentSuccessful);
    expect(facts).toMatchObject({
      Tutor: tutor.name,
      Date: longDate(chosen.startTime),
      Amount: usd(price),
    });
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, 'payments-success-phone', { fullPage: false });

    // The decline charged nothing: one payment, completed, of the lesson's price.
    const payments = await suite.server.app.database.db
      .selectFrom('payments')
      .select(['status', 'amount_cents'])
      .where('student_id', '=', student.id)
      .execute();
    expect(payments).toEqual([{ status: 'completed', amount_cents: price }]);
    assertNoErrors();
    await close();
  });

  it('cancels on the hosted page, and Try Again restores the checkout and pays, in the dark', async () => {
    const tutor = tutors[1]!;
    const student = await studentWhoHadTrial(tutor, { firstName: 'Aiko', lastName: 'Tanaka' });
    const { page, assertNoErrors, close } = await studentPage(student.state, {
      colorScheme: 'dark',
    });
    const rate = await bookFromProfile(page, tutor);
    const price = lessonPrice(rate, 50);
    const { chosen } = await chooseSingleLesson(page, tutor, {
      date: dateIn(ZONE, 3),
      minutes: 50,
      price,
    });
    const summary = await factsOf(paymentSummary(page));
    expect(summary.Date).toBe(longDate(chosen.startTime));
    await checkScreen(page, 'payments-checkout-dark');
    await payButton(page, price).click();
    await onHostedCheckout(page, suite.server.url);
    await checkScreen(page, 'payments-hosted-dark');

    // Cancel on the provider's page: back in the app, nothing charged.
    await page.getByRole('button', { name: P.cancel, exact: true }).click();
    await page.waitForURL('**/payment/cancel?payment_id=*');
    await page.getByRole('heading', { level: 1, name: P.paymentCancelled }).waitFor();
    await page.getByText(P.noCharge, { exact: true }).waitFor();
    expect(await page.getByText(P.trialNotBooked.trim()).count()).toBe(0);
    expect(await page.getByRole('link', { name: M.returnHome }).getAttribute('href')).toBe('/');
    const tryAgain = page.getByRole('button', { name: M.tryAgain });
    await expect.poll(() => tryAgain.isEnabled()).toBe(true);
    await checkScreen(page, 'payments-cancel-dark');

    // Try Again: the same checkout as before, and Pay works again for the same time.
    await tryAgain.click();
    await page.waitForURL('**/payment/checkout');
    await page.getByRole('heading', { level: 1, name: M.checkoutTitle }).waitFor();
    expect(await factsOf(paymentSummary(page))).toEqual(summary);
    expect(await page.getByTestId('checkout-total').innerText()).toBe(usd(price));
    await payButton(page, price).click();
    await onHostedCheckout(page, suite.server.url);
    await payByCard(page, TEST_CARDS.pays, student.name);
    const { facts } = await settled(page, P.paymentSuccessful);
    expect(facts).toMatchObject({
      Tutor: tutor.name,
      Date: longDate(chosen.startTime),
      Amount: usd(price),
    });

    // Billing: the canceled checkout and the paid one, each for the lesson's price; only the
    // paid one has a receipt.
    await page.goto(`${suite.server.url}/student/billing`);
    await page.getByRole('heading', { name: B.paymentsTitle }).waitFor();
    const rows = page.getByTestId('payment');
    await expect.poll(() => rows.count()).toBe(2);
    const shown = await Promise.all(
      (await rows.all()).map(async (row) => ({
        status: await row.locator('[data-status]').innerText(),
        text: await row.innerText(),
        receipts: await row.getByRole('link', { name: /^Receipt/ }).count(),
      })),
    );
    expect(shown.map((row) => row.status).sort()).toEqual([
      B.paymentStatuses.canceled,
      B.paymentStatuses.completed,
    ]);
    for (const row of shown) {
      expect(row.text).toContain(usd(price));
      expect(row.text).toContain(tutor.name);
      expect(row.receipts).toBe(row.status === B.paymentStatuses.completed ? 1 : 0);
    }
    await checkScreen(page, 'payments-billing-dark');
    assertNoErrors();
    await close();
  });

  it('buys a package of 5, then schedules a second lesson from its credits, as Billing shows', async () => {
    const tutor = tutors[2]!;
    const student = await studentWhoHadTrial(tutor, { firstName: 'Sofia', lastName: 'Rossi' });
    const { page, assertNoErrors, close } = await studentPage(student.state);
    // The platform's 5-lesson package, as the database offers it to every tutor.
    const offer = await suite.server.app.database.db
      .selectFrom('platform_packages')
      .selectAll()
      .where('number_of_lessons', '=', 5)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    const rate = await bookFromProfile(page, tutor);
    const total = Math.round(
      (lessonPrice(rate, 50) * offer.number_of_lessons * (100 - offer.discount_percentage)) / 100,
    );

    // Package mode: the subject, then the 5-lesson package at its discounted price.
    const dialog = modal(page);
    await dialog.getByRole('button', { name: /^Lesson package/ }).click();
    await dialog.getByRole('heading', { name: M.titlePackage }).waitFor();
    const subject = tutor.subjects[0]!;
    await dialog.getByRole('button', { name: subject.name, exact: true }).click();
    const fivePack = dialog.locator(`button[data-package-id="platform_${offer.id}"]`);
    const offered = await fivePack.innerText();
    for (const text of [
      offer.name,
      usd(total),
      M.packageLessons(5),
      M.packageDiscount(offer.discount_percentage),
      M.packageValidity(offer.validity_days),
    ])
      expect(offered).toContain(text);
    // A time alone is not enough: Continue waits for the package.
    const first = await pickTime(page, tutor.id, dateIn(ZONE, 4), 50, 2);
    await dialog.getByText(M.selectPackage).waitFor();
    expect(await continueButton(dialog).isDisabled()).toBe(true);
    await fivePack.click();
    expect(await pressed(fivePack)).toBe(true);
    expect(await dialog.getByTestId('booking-summary').innerText()).toContain(usd(total));
    await continueButton(dialog).click();
    await page.waitForURL('**/payment/checkout');
    await page.getByRole('heading', { level: 1, name: M.checkoutTitle }).waitFor();
    const summary = await factsOf(paymentSummary(page));
    expect(summary).toMatchObject({
      Tutor: tutor.name,
      Type: P.packageType,
      Package: offer.name,
      Lessons: P.packageLessonsFirst(5),
      Date: longDate(first.startTime),
      Duration: '50 minutes',
      Subject: subject.name,
    });
    expect(await page.getByTestId('checkout-total').innerText()).toBe(usd(total));
    await payButton(page, total).click();
    await onHostedCheckout(page, suite.server.url);
    expect(
      await page.getByRole('region', { name: 'Order summary' }).getByRole('heading').innerText(),
    ).toContain(usd(total));
    await payByCard(page, TEST_CARDS.pays, student.name);

    await page.getByText(P.packagePurchasedToast).waitFor();
    const { card, facts } = await settled(page, P.packagePurchaseComplete);
    expect(facts).toMatchObject({
      Tutor: tutor.name,
      Date: longDate(first.startTime),
      Amount: usd(total),
    });
    await card.getByText(P.packageConfirmedText(tutor.name)).waitFor();
    await checkScreen(page, 'payments-package-success');

    // Booking again: the modal offers the package's credits, valid for its days from payment.
    const expires = new Date(FIXED_NOW.getTime() + offer.validity_days * DAY_MS);
    // As the app writes a date in the browser's locale (en-US here), this year's without it.
    const validUntil = formatInstant(expires, 'date', {
      locale: 'en-US',
      zone: ZONE,
      withoutYear: expires.getUTCFullYear() === FIXED_NOW.getUTCFullYear(),
    });
    await bookFromProfile(page, tutor);
    const payWith = dialog.getByRole('group', { name: M.payWithLegend });
    const credit = payWith.getByRole('button', { name: new RegExp(`^${M.useCredit}`) });
    expect(await credit.innerText()).toContain(
      `${offer.name} — ${P.creditsLeft(4, 5, validUntil)}`,
    );
    await credit.click();
    expect(await pressed(credit)).toBe(true);
    await dialog.getByText(M.creditPinsLesson(50, subject.name)).waitFor();
    const second = await pickTime(page, tutor.id, dateIn(ZONE, 5), 50, 0);
    expect(await dialog.getByTestId('booking-summary').innerText()).toContain(M.fromYourPackage);
    await checkScreen(page, 'payments-modal-credit');

    // Continue books it at once (it is paid for): My Schedule lists both package lessons.
    await continueButton(dialog).click();
    await page.getByText(P.lessonBookedToast).waitFor();
    await page.waitForURL('**/student/schedule');
    const rows = scheduleRows(page).filter({ hasText: tutor.name });
    await expect.poll(() => rows.count()).toBe(2);
    const listed = await rows.allInnerTexts();
    expect(listed[0]).toContain(lessonTimes(first.startTime, 50));
    expect(listed[1]).toContain(lessonTimes(second.startTime, 50));

    // Billing: the package's payment, and the package with 3 of its 5 lessons left.
    await page.goto(`${suite.server.url}/student/billing`);
    const payment = page.getByTestId('payment');
    await payment.first().waitFor();
    expect(await payment.count()).toBe(1);
    const paid = await payment.innerText();
    expect(paid).toContain(offer.name);
    expect(paid).toContain(usd(total));
    expect(await payment.locator('[data-status]').innerText()).toBe(B.paymentStatuses.completed);
    const bought = page.getByTestId('student-package');
    expect(await bought.count()).toBe(1);
    await bought.getByRole('heading', { name: offer.name }).waitFor();
    const expiresShort = inZone(expires, { year: 'numeric', month: 'short', day: 'numeric' });
    for (const text of [
      P.creditsLeft(3, 5, expiresShort),
      B.withTutor(tutor.name),
      B.packageLessons(subject.name, 50),
      B.packageStatuses.active,
    ])
      await bought.getByText(text, { exact: true }).waitFor();
    await checkScreen(page, 'payments-billing');
    assertNoErrors();
    await close();
  });
});
