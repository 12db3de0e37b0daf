import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../adapters/clock';
import { stripeClient } from '../../adapters/payments/stripe-client';
import { createSignedInTutor } from '../../test/factories';
import { startStripeFake, type StripeFake } from '../../test/stripe-fake';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';
import { creditAvailable } from '../../test/ledger-fixtures';
import { reconcile } from './reconciliation';

// Reconciliation on each database, through the real Stripe SDK against the fake's balance
// transactions: a clean state has no findings; a transfer the ledger does not know, and a
// reversal the ledger never heard of (so the amounts differ), are found, stored, and shown to
// admins on Finance with what differs and by how much.

const NOW = new Date('2030-05-06T08:00:00Z');
const SECRET = 'whsec_reconcile_test';

describe.each(TEST_DRIVERS)('%s: reconciliation with Stripe', (driver) => {
  let t: TestApp;
  let fake: StripeFake;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    fake = await startStripeFake({ webhookSecret: SECRET, now: clock.now });
    t = await startTestApp(
      driver,
      {},
      {
        clock,
        stripeConnect: {
          stripe: stripeClient('sk_test_reconcile', fake.url),
          webhookSecrets: [SECRET],
        },
      },
    );
    fake.sendWebhooksTo(`${t.url}/api/payouts/webhooks/stripe`);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A tutor paid `cents` through Stripe (onboarded, credited, withdrawn, transfer.created). */
  async function paidTutor(cents: number) {
    const tutor = await createSignedInTutor(t);
    await tutor.client.post('/api/tutor/payouts/account');
    const { provider_account_id: accountId } = await t.database.db
      .selectFrom('payout_accounts')
      .select('provider_account_id')
      .where('tutor_profile_id', '=', tutor.id)
      .executeTakeFirstOrThrow();
    fake.completeOnboarding(accountId);
    await fake.deliveriesSettled();
    await creditAvailable(t.database.db, tutor.id, cents);
    const withdrawn = await tutor.client.post('/api/tutor/payouts/withdraw');
    expect(withdrawn.status).toBe(201);
    const { payoutId } = withdrawn.json as { payoutId: string };
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .selectFrom('payouts')
              .select('status')
              .where('id', '=', payoutId)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 15_000 },
      )
      .toBe('paid');
    await fake.deliveriesSettled();
    const transfer = [...fake.transfers.values()].find((tr) => tr.metadata.payoutId === payoutId)!;
    return { tutor, accountId, payoutId, transfer };
  }

  it('finds nothing when Stripe and the ledger agree, and admins see a clean run', async () => {
    await paidTutor(3000);
    await paidTutor(2500);
    expect(await reconcile(t.app.deps)).toEqual([]);
    const admin = await createAdmin(t);
    const finance = await admin.client.get('/api/admin/finance');
    expect(finance.json.reconciliation).toEqual({
      checkedAt: NOW.toISOString(),
      provider: 'stripe',
      findings: [],
    });
  });

  it('finds a transfer the ledger does not know and an amount that differs', async () => {
    const { tutor, accountId, payoutId, transfer } = await paidTutor(4000);
    // Someone paid the tutor from Stripe's Dashboard: no payout of ours.
    const stray = await stripeClient('sk_test_reconcile', fake.url).transfers.create({
      amount: 1234,
      currency: 'usd',
      destination: accountId,
    });
    // Stripe took back part of our transfer, and its webhook never reached us.
    fake.sendWebhooksTo(null);
    fake.reverseTransfer(transfer.id, 500);
    fake.sendWebhooksTo(`${t.url}/api/payouts/webhooks/stripe`);

    const found = await reconcile(t.app.deps);
    expect(found).toEqual([
      {
        kind: 'unknown_transfer',
        transferId: stray.id,
        payoutId: null,
        currency: 'USD',
        ledgerCents: 0,
        providerCents: 1234,
      },
      {
        kind: 'amount_differs',
        transferId: transfer.id,
        payoutId,
        currency: 'USD',
        ledgerCents: 4000,
        providerCents: 3500,
      },
    ]);
    const admin = await createAdmin(t);
    const finance = await admin.client.get('/api/admin/finance');
    expect(finance.json.reconciliation.findings).toEqual([
      {
        kind: 'unknown_transfer',
        transferId: stray.id,
        payoutId: null,
        tutorName: null,
        currency: 'USD',
        ledgerCents: 0,
        providerCents: 1234,
        differenceCents: 1234,
      },
      {
        kind: 'amount_differs',
        transferId: transfer.id,
        payoutId,
        tutorName: expect.any(String),
        currency: 'USD',
        ledgerCents: 4000,
        providerCents: 3500,
        differenceCents: -500,
      },
    ]);
    const name = await t.database.db
      .selectFrom('users')
      .select('full_name')
      .where('email', '=', tutor.email)
      .executeTakeFirstOrThrow();
    expect(finance.json.reconciliation.findings[1].tutorName).toBe(name.full_name);
  });
});
