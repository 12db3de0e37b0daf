import { describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES as M } from '../../src/domain/messages';
import { createStudent, createTutor } from '../../src/server/test/factories';
import { paidLesson } from '../../src/server/test/ledger-fixtures';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { horizontalOverflow, signInAt } from './support/sign-in';
import { FIXED_NOW } from './support/fixed-time';

// A student's receipt on the default install (issue #25): from Billing to the receipt of a
// lesson partly refunded, on a desk in the light and on a phone in the dark, and as it prints
// (print media: no sidebar, header or buttons; black on white even in the dark theme).

const DAY = 86_400_000;

describe.skipIf(!hasChromium)('a payment receipt in a browser', () => {
  const suite = browserSuite();

  it(
    'opens from Billing, shows the refund and the net, and prints plain',
    { timeout: 180_000 },
    async () => {
      const app = suite.server.app;
      const db = app.database.db;
      const tutor = await createTutor(db, { firstName: 'Clara', lastName: 'Whitfield' });
      const student = await createStudent(app, { firstName: 'Mia', lastName: 'Chen' });
      const paidAt = new Date(FIXED_NOW.getTime() - 2 * DAY);
      const { paymentId, lessonId } = await paidLesson(
        db,
        { tutor, studentId: student.id },
        { priceCents: 4000, start: new Date(FIXED_NOW.getTime() + 3 * DAY), paidAt },
      );
      await db
        .updateTable('payments')
        .set({
          card_brand: 'visa',
          card_last4: '4242',
          status: 'partially_refunded',
          refunded_cents: 1500,
        })
        .where('id', '=', paymentId)
        .execute();
      await db
        .insertInto('payment_refunds')
        .values({
          idempotency_key: `e2e-${lessonId}`,
          payment_id: paymentId,
          lesson_id: lessonId,
          amount_cents: 1500,
          reason: 'lesson_canceled',
          status: 'succeeded',
          requested_at: new Date(FIXED_NOW.getTime() - DAY),
          refunded_at: new Date(FIXED_NOW.getTime() - DAY),
        })
        .execute();

      const { page, assertNoErrors, close } = await newPage(suite.browser, {
        colorScheme: 'light',
      });
      await signInAt(page, suite.server.url, '/student/billing', student.email);

      await page.getByRole('link', { name: /^Receipt for/ }).click();
      await page.waitForURL((url) => url.pathname === `/student/billing/receipts/${paymentId}`);
      const receipt = page.getByRole('article');
      await receipt.getByRole('heading', { name: M.title }).waitFor();
      const text = (await receipt.innerText()).replace(/\s+/g, ' ');
      for (const part of [
        'Mia Chen',
        student.email,
        M.lessonWith('Clara Whitfield'),
        'Visa •••• 4242',
        `${M.amountPaid} $40.00`,
        '−$15.00',
        `${M.net} $25.00`,
      ])
        expect(text).toContain(part);
      await checkScreen(page, 'receipt-1280-light');

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.setViewportSize({ width: 375, height: 780 });
      await page.reload();
      await receipt.getByRole('heading', { name: M.title }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await checkScreen(page, 'receipt-375-dark');

      // As it prints, still in the dark theme: only the receipt, in black on white.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      expect(await page.getByRole('button', { name: M.print }).isVisible()).toBe(false);
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      expect(await page.locator('header').first().isVisible()).toBe(false);
      const colours = await receipt.evaluate((element) => {
        const style = (node: Element) => getComputedStyle(node);
        return {
          text: style(element.querySelector('h1')!).color,
          article: style(element).backgroundColor,
          body: style(document.body).backgroundColor,
        };
      });
      expect(colours).toEqual({
        text: 'rgb(0, 0, 0)',
        article: 'rgba(0, 0, 0, 0)',
        body: 'rgb(255, 255, 255)',
      });
      await checkScreen(page, 'receipt-print-dark');
      assertNoErrors();
      await close();
    },
  );
});
