import { describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES as F } from '../../src/domain/ledger/finance-messages';
import { createAdmin } from '../../src/server/test/admin-fixtures';
import { insertStudent, paidLesson } from '../../src/server/test/ledger-fixtures';
import { createTutor } from '../../src/server/test/factories';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { reconcile } from '../../src/server/modules/payouts/reconciliation';
import { horizontalOverflow, signInAt } from './support/sign-in';
import { FIXED_NOW } from './support/fixed-time';

// The admin's Finance page on the default install (issue #25): a paid lesson given three days
// ago is in the ledger; the admin reads it to the cent and adjusts the tutor's balance with a
// reason, on a desk in the light and on a phone in the dark.

const DAY = 86_400_000;

describe.skipIf(!hasChromium)('the admin Finance page in a browser', () => {
  const suite = browserSuite();

  it(
    'shows the ledger to the cent and adjusts a balance with a reason',
    { timeout: 180_000 },
    async () => {
      const app = suite.server.app;
      const db = app.database.db;
      const tutor = await createTutor(db, { firstName: 'Clara', lastName: 'Whitfield' });
      const studentId = await insertStudent(db);
      const start = new Date(FIXED_NOW.getTime() - 3 * DAY);
      const { lessonId } = await paidLesson(
        db,
        { tutor, studentId },
        { priceCents: 4000, start, paidAt: new Date(start.getTime() - DAY) },
      );
      await db
        .updateTable('lessons')
        .set({ status: 'completed', updated_at: new Date(start.getTime() + 3_600_000) })
        .where('id', '=', lessonId)
        .execute();
      const admin = await createAdmin(app);
      // The fixture's payment reached the ledger without a charge at the built-in checkout:
      // the day's reconciliation finds it.
      await reconcile(app.app.deps);

      const { page, assertNoErrors, close } = await newPage(suite.browser, {
        colorScheme: 'light',
      });
      await signInAt(page, suite.server.url, '/admin/finance', admin.email);

      const totals = page.getByTestId('finance-totals');
      await expect.poll(() => totals.innerText()).toContain('$40.00');
      // A first-tier tutor keeps 75 %: $30.00 owed, $10.00 revenue.
      expect(await totals.innerText()).toContain('$10.00');
      const row = page
        .getByTestId('finance-balances')
        .getByRole('row', { name: /Clara Whitfield/ });
      expect((await row.innerText()).replace(/\s+/g, ' ')).toBe(
        'Clara Whitfield $0.00 $30.00 $0.00',
      );
      const finding = page
        .getByRole('heading', { name: F.reconciliation })
        .locator('..')
        .getByRole('listitem')
        .filter({ hasText: F.findingKinds.charge.missing });
      expect((await finding.innerText()).replace(/\s+/g, ' ')).toContain('Sam Lee');
      await checkScreen(page, 'finance-1280-light');

      await page
        .getByLabel(F.adjustmentTutor, { exact: true })
        .selectOption({ label: 'Clara Whitfield' });
      await page.getByLabel(F.adjustmentAmount).fill('-2.50');
      await page.getByLabel(F.adjustmentReason).fill('Duplicate lesson credit');
      await page.getByRole('button', { name: F.adjust }).click();
      await page.getByText(F.adjusted).waitFor();
      await expect
        .poll(async () => (await row.innerText()).replace(/\s+/g, ' '))
        .toBe('Clara Whitfield $0.00 $27.50 $0.00');
      await page.getByText(F.adjusted).waitFor({ state: 'hidden', timeout: 10_000 });

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.setViewportSize({ width: 375, height: 780 });
      // The theme is read from the system when the app starts.
      await page.reload();
      await page.getByTestId('finance-balances').getByText('$27.50').waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await checkScreen(page, 'finance-375-dark');
      assertNoErrors();
      await close();
    },
  );
});
