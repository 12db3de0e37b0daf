import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, BOOKING_MESSAGES } from '../../src/domain/messages';
import { uniqueEmail } from '../../src/server/test/accounts';
import { codeFrom, resetLinkFrom } from '../../src/server/test/smtp-inbox';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';

const PASSWORD = 'Str0ng!pass';

// Account journeys as a person makes them: real forms, real mail, a real OpenID provider.
describe.skipIf(!hasChromium)('accounts in a browser', () => {
  const suite = browserSuite({
    googleAccounts: {
      'new-student': { email: 'ines.student@example.com', name: 'Inês Maria Souza' },
      'new-tutor': { email: 'kofi.tutor@example.com', name: 'Kofi Mensah' },
    },
  });

  async function fillSignUp(
    page: Page,
    values: Partial<Record<string, string>> & { email: string },
  ) {
    await page.getByLabel('First name').fill(values.firstName ?? 'Ada');
    await page.getByLabel('Last name').fill(values.lastName ?? 'Lovelace');
    await page.getByLabel('Email').fill(values.email);
    await page.getByLabel('Password', { exact: true }).fill(values.password ?? PASSWORD);
    await page
      .getByLabel('Confirm password')
      .fill(values.confirmPassword ?? values.password ?? PASSWORD);
  }

  async function typeCode(page: Page, code: string) {
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(code);
  }

  async function signUpAndVerify(page: Page, role: 'student' | 'tutor') {
    const email = uniqueEmail(role);
    await page.goto(`${suite.server.url}/signup/${role}`);
    await fillSignUp(page, { email });
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/email-verification');
    await typeCode(page, codeFrom(await suite.server.inbox.waitFor(email)));
    await page.waitForURL('**/email-verification-success');
    return email;
  }

  it('a student signs up, reads the code from the mail, verifies and lands on the overview', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    await signUpAndVerify(page, 'student');
    await page.getByRole('heading', { name: 'Email verified!' }).waitFor();
    await checkScreen(page, 'verification-success');
    // The success page moves on by itself after 5 seconds.
    await page.waitForURL('**/student/overview', { timeout: 8000 });
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    // A new student has no lessons yet: the overview leads to the tutors.
    const next = page.getByRole('region', { name: BOOKING_MESSAGES.nextLesson });
    await next.getByText(BOOKING_MESSAGES.noUpcomingLessons).waitFor();
    await next.getByRole('link', { name: BOOKING_MESSAGES.findTutors }).waitFor();
    await checkScreen(page, 'student-overview');
    assertNoErrors();
    await close();
  });

  it('a tutor signs up, verifies, signs out, signs in and lands on the profile wizard', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    const email = await signUpAndVerify(page, 'tutor');
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await page.waitForURL('**/tutor/complete-profile');
    await page.goto(`${suite.server.url}/tutor/overview`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByText(M.signedOut).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/tutor/complete-profile');
    assertNoErrors();
    await close();
  });

  it('shows every sign-up validation message for its bad input and creates nothing', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/signup/student`);
    const cases: [Record<string, string>, string][] = [
      [{ firstName: '' }, M.namesEmpty],
      [{ firstName: 'Ada1' }, M.namesLettersOnly],
      [{ firstName: 'Ada', lastName: 'Ada' }, M.namesMustDiffer],
      [{ email: 'ada@' }, M.invalidEmail],
      [{ password: 'weakpassword' }, M.weakPassword],
      [{ confirmPassword: 'Other1!pass' }, M.passwordsDoNotMatch],
    ];
    for (const [values, message] of cases) {
      await fillSignUp(page, { email: uniqueEmail(), ...values });
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(message).first().waitFor();
    }
    await fillSignUp(page, { email: uniqueEmail() });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(M.acceptTerms).waitFor();
    expect(page.url()).toBe(`${suite.server.url}/signup/student`);
    assertNoErrors();
    await close();
  });

  it('clears the boxes after a wrong code, and rejects a pasted non-code', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    const email = uniqueEmail();
    await page.goto(`${suite.server.url}/signup/student`);
    await fillSignUp(page, { email });
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/email-verification');
    const code = codeFrom(await suite.server.inbox.waitFor(email));
    await typeCode(page, code === '000000' ? '111111' : '000000');
    await page.getByRole('alert').getByText(M.invalidVerificationCode).waitFor();
    expect(await page.getByLabel('Digit 1').inputValue()).toBe('');
    expect(await page.getByLabel('Digit 6').inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Digit 1',
    );
    await page.getByLabel('Digit 1').evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text', '12ab');
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await page.getByText(M.invalidCodePaste).waitFor();
    await checkScreen(page, 'email-verification-error');
    await typeCode(page, code);
    await page.waitForURL('**/email-verification-success');
    assertNoErrors();
    await close();
  });

  it('resets a forgotten password once; the same link fails the second time', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    const email = await signUpAndVerify(page, 'student');
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${suite.server.url}/`);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(M.noAccountForEmail).waitFor();
    const mails = suite.server.inbox.countTo(email);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText(M.resetLinkSent).first().waitFor();
    const link = resetLinkFrom(await suite.server.inbox.waitFor(email, { afterCount: mails }));

    const newPassword = 'N3w!password';
    for (const attempt of [1, 2]) {
      await page.goto(link.toString());
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password').fill(newPassword);
      await page.getByLabel('Show password').check();
      await page.getByRole('button', { name: 'Update Password' }).click();
      if (attempt === 1) {
        await page.waitForURL(`${suite.server.url}/`);
        await page.getByText(M.passwordUpdated).waitFor();
      } else {
        await page.getByRole('alert').getByText(M.resetLinkInvalid).waitFor();
      }
    }
    await page.goto(suite.server.url);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/student/overview');
    assertNoErrors();
    await close();
  });

  async function googleAt(page: Page, accountId: string) {
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByPlaceholder('Enter any login').fill(accountId);
    await page.getByPlaceholder('and password').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('signs up with Google as a student and as a tutor, and refuses a second sign-up', async () => {
    const student = await newPage(suite.browser);
    await student.page.goto(`${suite.server.url}/signup/student`);
    await googleAt(student.page, 'new-student');
    await student.page.waitForURL('**/student/overview', { timeout: 15_000 });
    await student.page.getByRole('heading', { name: 'Welcome, Inês' }).waitFor();
    await student.close();

    const tutor = await newPage(suite.browser);
    await tutor.page.goto(`${suite.server.url}/signup/tutor`);
    await googleAt(tutor.page, 'new-tutor');
    await tutor.page.waitForURL('**/tutor/complete-profile', { timeout: 15_000 });
    await tutor.close();

    const again = await newPage(suite.browser);
    await again.page.goto(`${suite.server.url}/signup/student`);
    await googleAt(again.page, 'new-student');
    await again.page.getByText(M.googleAccountExists).waitFor({ timeout: 15_000 });
    await again.page.waitForURL(`${suite.server.url}/`);
    // Signed out again: the sign-in form is shown, not the dashboard.
    await again.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await again.close();
  });

  it('keeps the attempted page through sign-in and sends a role mismatch home', async () => {
    const setup = await newPage(suite.browser);
    const email = await signUpAndVerify(setup.page, 'student');
    await setup.close();

    const { page, assertNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/student/schedule`);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/student/schedule');
    await page.goto(`${suite.server.url}/tutor/overview`);
    await page.waitForURL('**/student/overview');
    await page.goto(`${suite.server.url}/signup/tutor`);
    await page.waitForURL('**/student/overview');
    assertNoErrors();
    await close();
  });
});
