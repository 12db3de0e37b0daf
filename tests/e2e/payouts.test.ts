import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCAL_FAILURE, LOCAL_TEST_ACCOUNTS } from '../../src/domain/ledger/bank-details';
import { PAYOUT_PANEL_MESSAGES as M } from '../../src/domain/ledger/earnings-messages';
import { FINANCE_MESSAGES as F } from '../../src/domain/ledger/finance-messages';
import { createAdmin } from '../../src/server/test/admin-fixtures';
import { createLesson } from '../../src/server/test/factories';
import { everyDay } from '../../src/server/test/weekly-availability';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { horizontalOverflow, signInAt } from './support/sign-in';
import { dateIn, FIXED_NOW } from './support/fixed-time';
import { onHostedCheckout, payByCard, TEST_CARDS } from './support/hosted-checkout';
import { signUpStudent, signUpTutor } from './support/sign-up';

// Tutors get paid on the default install (issue #25): the tutor gives a bank account on the
// built-in provider's onboarding page, a student pays for a lesson on the hosted checkout, the
// lesson is given, its money waits 48 hours, the tutor withdraws, and the built-in provider
// settles the transfer by its signed webhook. The Earnings the tutor reads and the Finance page
// an admin reads agree to the cent. A failing test account returns the money, with the reason.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** $48.00 an hour: a 50-minute lesson is $40.00; a first-tier tutor keeps 75 %. */
const RATE_CENTS = 4800;
const PRICE = '$40.00';
const COMMISSION = '$10.00';
const NET = '$30.00';
const ZERO = '$0.00';

const usd = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.skipIf(!hasChromium)('tutors get paid, in a browser', () => {
  const suite = browserSuite();

  /** Moves the app's clock and the page's to `at`. */
  async function moveClock(page: Page, at: Date) {
    suite.server.clock.set(at);
    await page.clock.setSystemTime(at);
  }

  /** The tutor's balances as the Earnings page shows them, label → amount. */
  async function balancesOn(page: Page) {
    const balances = page.getByTestId('payout-balances');
    await balances.waitFor();
    const values = await balances
      .locator('> div')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.querySelector('dt')!.textContent!,
          card.querySelector('dd')!.textContent!,
        ]),
      );
    return Object.fromEntries(values) as Record<string, string>;
  }

  async function openEarnings(page: Page) {
    await page.goto(`${suite.server.url}/tutor/earnings`);
    await page.getByTestId('payout-balances').waitFor();
  }

  /** A tutor, signed in, on Earnings; a student who had their trial and pays for a lesson. */
  async function tutorAndStudent(lastName: string) {
    const tutor = await signUpTutor(suite.server, {
      firstName: 'Ada',
      lastName,
      timezone: 'UTC',
      availability: everyDay('09:00', '12:00'),
      rateCents: RATE_CENTS,
    });
    const student = await signUpStudent(suite.server, { firstName: 'Maya', lastName });
    await createLesson(suite.server.app.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() - 7 * 24 * HOUR),
      isTrial: true,
      status: 'completed',
    });
    return { tutor, student, name: `Ada ${lastName}` };
  }

  /** The built-in onboarding page, filled as a person fills it. */
  async function setUpPayoutAccount(
    page: Page,
    legalName: string,
    { iban, country }: { iban: string; country: string },
  ) {
    await openEarnings(page);
    await page.getByRole('button', { name: M.setUp }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payouts/local/onboarding/'));
    await page.getByRole('heading', { name: 'Get paid by Tutora' }).waitFor();
    await checkScreen(page, `payouts-onboarding-${legalName}`);
    await page.getByLabel('Legal name of the account holder').fill(legalName);
    await page.getByLabel('Country of the bank account').selectOption({ label: country });
    // Typed as it is printed, in groups of four.
    await page.getByLabel('IBAN').fill(iban.replace(/(.{4})/g, '$1 ').trim());
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await page.waitForURL((url) => url.pathname === '/tutor/earnings');
    await expect
      .poll(() => page.getByTestId('payout-account-status').innerText())
      .not.toBe(M.accountNone);
    expect(await page.getByTestId('payout-account-status').innerText()).toMatch(
      /^Payouts go to .+\.$/,
    );
  }

  /** A 50-minute lesson the day after tomorrow at 09:00 UTC, paid on the hosted checkout. */
  async function payForLesson(
    student: Awaited<ReturnType<typeof tutorAndStudent>>['student'],
    tutor: Awaited<ReturnType<typeof tutorAndStudent>>['tutor'],
  ) {
    const started = await student.client.post('/api/checkout', {
      mode: 'single',
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      bookingDate: dateIn('UTC', 2),
      slotLabel: '09:00-10:00',
      viewerZone: 'UTC',
      lessonMinutes: 50,
    });
    expect(started.status, started.text).toBe(201);
    const { sessionUrl } = started.json as { sessionUrl: string };
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      storageState: student.state,
    });
    await page.goto(sessionUrl);
    await onHostedCheckout(page, suite.server.url);
    expect(await page.getByRole('button', { name: /^Pay \$/ }).innerText()).toBe(`Pay ${PRICE}`);
    await payByCard(page, TEST_CARDS.pays, 'Maya Okafor');
    await page.waitForURL('**/payment/success?session_id=*');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assertNoErrors();
    await close();
    const lessonEnd = new Date(`${dateIn('UTC', 2)}T09:50:00Z`);
    return lessonEnd;
  }

  /** The lesson's line on Earnings: price, commission, net, status. */
  async function lessonLine(page: Page) {
    const line = page.getByTestId('lesson-line');
    await line.waitFor();
    return usd(await line.innerText());
  }

  /** Waits (reading the tutor's API, not sleeping) until their latest payout is settled. */
  async function payoutSettled(tutor: Awaited<ReturnType<typeof tutorAndStudent>>['tutor']) {
    await expect
      .poll(
        async () => {
          const view = (await tutor.client.get('/api/tutor/payouts')).json as {
            payouts: { status: string }[];
          };
          return view.payouts[0]?.status;
        },
        { timeout: 30_000 },
      )
      .toMatch(/^(paid|failed)$/);
  }

  /** The admin's Finance page: totals, the tutor's balance row and their payouts. */
  async function financeFor(name: string) {
    const admin = await createAdmin(suite.server.app);
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    await signInAt(page, suite.server.url, '/admin/finance', admin.email);
    const totals = page.getByTestId('finance-totals');
    await totals.waitFor();
    const totalValues = Object.fromEntries(
      await totals
        .locator('> div')
        .evaluateAll((cards) =>
          cards.map((card) => [
            card.querySelector('dt')!.textContent!,
            card.querySelector('dd')!.textContent!,
          ]),
        ),
    ) as Record<string, string>;
    const balanceRow = page.getByTestId('finance-balances').getByRole('row', { name });
    const balance = (await balanceRow.count()) ? usd(await balanceRow.innerText()) : undefined;
    const payouts = await page
      .getByTestId('finance-payouts')
      .getByRole('row', { name })
      .allInnerTexts();
    await checkScreen(page, `payouts-finance-${name}`);
    assertNoErrors();
    await close();
    return { totals: totalValues, balance, payouts: payouts.map(usd) };
  }

  it(
    'pays the tutor their share of a paid lesson, 48 hours after it, on Withdraw',
    { timeout: 240_000 },
    async () => {
      suite.server.clock.set(FIXED_NOW);
      const { tutor, student, name } = await tutorAndStudent('Lovelace');
      const { page, assertNoErrors, close } = await newPage(suite.browser, {
        storageState: tutor.state,
      });
      await setUpPayoutAccount(page, 'Ada Lovelace', {
        iban: LOCAL_TEST_ACCOUNTS.ibanThatPays,
        country: 'Germany',
      });
      const lessonEnd = await payForLesson(student, tutor);

      // The lesson is given: its price less the commission waits, pending.
      await moveClock(page, new Date(lessonEnd.getTime() + MINUTE));
      await openEarnings(page);
      expect(await balancesOn(page)).toMatchObject({
        [M.pending]: NET,
        [M.available]: ZERO,
        [M.onTheWay]: ZERO,
        [M.paidOut]: ZERO,
      });
      expect(await lessonLine(page)).toMatch(
        new RegExp(`Maya Lovelace \\${PRICE} \\${COMMISSION} \\(25\\s?%\\) \\${NET} Pending$`),
      );
      expect(await page.getByRole('button', { name: M.withdraw }).isDisabled()).toBe(true);

      // A minute before the window closes it still waits; after it, it is available.
      await moveClock(page, new Date(lessonEnd.getTime() + 48 * HOUR - MINUTE));
      await openEarnings(page);
      expect((await balancesOn(page))[M.pending]).toBe(NET);
      await moveClock(page, new Date(lessonEnd.getTime() + 48 * HOUR + MINUTE));
      await openEarnings(page);
      expect(await balancesOn(page)).toMatchObject({ [M.pending]: ZERO, [M.available]: NET });
      expect(await lessonLine(page)).toContain(`${NET} Available`);
      await checkScreen(page, 'payouts-earnings-available');

      await page.getByRole('button', { name: M.withdraw }).click();
      await page.getByText(M.withdrawn).waitFor();
      await payoutSettled(tutor);
      await openEarnings(page);
      expect(await balancesOn(page)).toMatchObject({
        [M.pending]: ZERO,
        [M.available]: ZERO,
        [M.onTheWay]: ZERO,
        [M.paidOut]: NET,
      });
      expect(await page.getByTestId('payout-status').allInnerTexts()).toEqual([
        M.payoutStatus.paid,
      ]);
      await checkScreen(page, 'payouts-earnings-paid');
      assertNoErrors();
      await close();

      // Finance agrees to the cent: what the student paid, Tutora's commission, nothing owed
      // to the tutor any more, and the tutor's payout paid.
      const finance = await financeFor(name);
      expect(finance.totals).toMatchObject({
        [F.grossBookings]: PRICE,
        [F.platformRevenue]: COMMISSION,
        [F.refunds]: ZERO,
        [F.tutorsOwed]: ZERO,
      });
      if (finance.balance) expect(finance.balance).toBe(`${name} ${ZERO} ${ZERO} ${ZERO}`);
      expect(finance.payouts).toHaveLength(1);
      expect(finance.payouts[0]).toContain(`${name} ${NET} ${F.statusLabels.paid}`);
    },
  );

  it(
    'returns the money to available when the payout to the failing test account fails, and says why',
    { timeout: 240_000 },
    async () => {
      suite.server.clock.set(FIXED_NOW);
      const { tutor, student, name } = await tutorAndStudent('Byron');
      const { page, assertNoErrors, close } = await newPage(suite.browser, {
        storageState: tutor.state,
        viewport: { width: 375, height: 780 },
        colorScheme: 'dark',
      });
      await setUpPayoutAccount(page, 'Ada Byron', {
        iban: LOCAL_TEST_ACCOUNTS.ibanThatFails,
        country: 'United Kingdom',
      });
      const lessonEnd = await payForLesson(student, tutor);
      await moveClock(page, new Date(lessonEnd.getTime() + 48 * HOUR + MINUTE));
      await openEarnings(page);
      expect(await balancesOn(page)).toMatchObject({ [M.pending]: ZERO, [M.available]: NET });

      await page.getByRole('button', { name: M.withdraw }).click();
      await page.getByText(M.withdrawn).waitFor();
      await payoutSettled(tutor);
      await openEarnings(page);
      expect(await balancesOn(page)).toMatchObject({
        [M.pending]: ZERO,
        [M.available]: NET,
        [M.onTheWay]: ZERO,
        [M.paidOut]: ZERO,
      });
      expect(await page.getByTestId('payout-status').allInnerTexts()).toEqual([
        M.payoutStatus.failed,
      ]);
      // Why, on the payout and on the account, with the action it needs.
      expect(await page.getByText(LOCAL_FAILURE.message).count()).toBeGreaterThanOrEqual(1);
      expect(await page.getByTestId('payout-account-status').innerText()).toBe(M.accountAttention);
      await page.getByRole('button', { name: M.update }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await checkScreen(page, 'payouts-earnings-failed-375-dark');
      assertNoErrors();
      await close();

      const finance = await financeFor(name);
      expect(finance.balance).toBe(`${name} ${ZERO} ${NET} ${ZERO}`);
      expect(finance.payouts).toHaveLength(1);
      expect(finance.payouts[0]).toContain(`${name} ${NET} ${F.statusLabels.failed}`);
      expect(finance.payouts[0]).toContain(LOCAL_FAILURE.message);
    },
  );
});
