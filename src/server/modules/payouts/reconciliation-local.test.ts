import { describe, expect, it } from 'vitest';
import { LOCAL_TEST_ACCOUNTS } from '../../../domain/ledger/bank-details';
import { createAdmin } from '../../test/admin-fixtures';
import { createSignedInTutor } from '../../test/factories';
import { creditAvailable } from '../../test/ledger-fixtures';
import { paymentSuite } from '../../test/payment-harness';
import { paidLessonRefunded, payoutPaid } from '../../test/reconciliation-fixtures';
import { TEST_DRIVERS } from '../../test/test-database';
import { reconcile } from './reconciliation';

// Reconciliation on the default install, on each database: the built-in checkout's sessions
// and refunds and the built-in payout provider's transfers against the ledger. A clean run
// finds nothing; a row of the provider's tables changed behind the ledger's back (a transfer's
// amount, a charge's amount) or added (a refund nobody recorded) is found.

describe.each(TEST_DRIVERS)('%s: reconciliation with the built-in providers', (driver) => {
  const suite = paymentSuite(driver);

  /** A tutor paid `cents` by the built-in provider: onboarded on its page, withdrawn, paid. */
  async function paidTutor(cents: number) {
    const t = suite.app;
    const tutor = await createSignedInTutor(t);
    const link = await tutor.client.post('/api/tutor/payouts/account');
    const saved = await fetch(link.json.onboardingUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        legalName: 'Tara Quinn',
        country: 'DE',
        iban: LOCAL_TEST_ACCOUNTS.ibanThatPays,
      }).toString(),
    });
    expect(saved.status).toBe(303);
    await creditAvailable(t.database.db, tutor.id, cents);
    const withdrawn = await tutor.client.post('/api/tutor/payouts/withdraw');
    expect(withdrawn.status).toBe(201);
    const { payoutId } = withdrawn.json as { payoutId: string };
    const transfer = () =>
      t.database.db
        .selectFrom('local_transfers')
        .select(['id', 'status'])
        .where('idempotency_key', '=', payoutId)
        .executeTakeFirst();
    await expect.poll(async () => (await transfer())?.status, { timeout: 15_000 }).toBe('paid');
    await payoutPaid(t.database.db, payoutId);
    return { payoutId, transferId: (await transfer())!.id };
  }

  it('finds nothing when the built-in providers and the ledger agree', async () => {
    await paidTutor(3000);
    await paidLessonRefunded(suite.app, suite.harness.pay, 1000);
    expect(await reconcile(suite.app.app.deps)).toEqual([]);
    const finance = await (await createAdmin(suite.app)).client.get('/api/admin/finance');
    expect(finance.json.reconciliation).toEqual({
      checkedAt: suite.clock.now().toISOString(),
      provider: 'local',
      findings: [],
    });
  });

  it('finds the rows changed or added behind the ledger', async () => {
    const db = suite.app.database.db;
    const { payoutId, transferId } = await paidTutor(2000);
    const paid = await paidLessonRefunded(suite.app, suite.harness.pay, 500);
    await db
      .updateTable('local_transfers')
      .set({ amount_cents: 1900 })
      .where('id', '=', transferId)
      .execute();
    const session = await db
      .updateTable('local_checkout_sessions')
      .set((eb) => ({ amount_cents: eb('amount_cents', '-', 200) }))
      .where('payment_intent_id', '=', paid.intentId)
      .returning(['id', 'amount_cents'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('local_refunds')
      .values({
        id: 're_local_tampered',
        session_id: session.id,
        idempotency_key: 'tampered',
        amount_cents: 300,
      })
      .execute();

    expect(await reconcile(suite.app.app.deps)).toEqual([
      {
        subject: 'transfer',
        kind: 'amount_differs',
        providerRef: transferId,
        payoutId,
        paymentId: null,
        currency: 'USD',
        ledgerCents: 2000,
        providerCents: 1900,
      },
      {
        subject: 'charge',
        kind: 'amount_differs',
        providerRef: paid.intentId,
        payoutId: null,
        paymentId: paid.payment.id,
        currency: 'USD',
        ledgerCents: session.amount_cents + 200,
        providerCents: session.amount_cents,
      },
      {
        subject: 'refund',
        kind: 'unknown',
        providerRef: 're_local_tampered',
        payoutId: null,
        paymentId: null,
        currency: 'USD',
        ledgerCents: 0,
        providerCents: 300,
      },
    ]);
  });
});
