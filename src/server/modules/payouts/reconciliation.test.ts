import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../adapters/clock';
import { stripeClient } from '../../adapters/payments/stripe-client';
import { stripeProvider } from '../../adapters/payments/stripe-provider';
import { DEFAULT_COMMISSION_TIERS } from '../../../domain/ledger/commission';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { openSingleCheckout } from '../../test/payment-harness';
import { createPayment } from '../../test/purchase-fixtures';
import { MORNING_TEACHING, NOW } from '../../test/tokyo-mornings';
import { recordPaymentReceived } from '../ledger/money-events';
import { startStripeFake, type StripeFake } from '../../test/stripe-fake';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';
import { creditAvailable } from '../../test/ledger-fixtures';
import { paidLessonRefunded, payoutPaid } from '../../test/reconciliation-fixtures';
import { reconcile } from './reconciliation';

// Reconciliation on each database, through the real Stripe SDK against the fake's balance
// transactions (students pay and are refunded through Stripe, tutors are paid through Stripe
// Connect): a clean state has no findings; a transfer the ledger does not know, a reversal the
// ledger never heard of (so the amounts differ), a charge whose webhook never came, a refund
// made from Stripe's Dashboard and a payment Stripe never charged are found, stored, and shown
// to admins on Finance with what differs and by how much.

const KEY = 'sk_test_reconcile';
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
        paymentProvider: await stripeProvider({
          secretKey: KEY,
          webhookSecret: SECRET,
          apiBase: fake.url,
        }),
        stripeConnect: { stripe: await stripeClient(KEY, fake.url), webhookSecrets: [SECRET] },
      },
    );
    fake.sendWebhooksTo(`${t.url}/api/payouts/webhooks/stripe`);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The student pays on Stripe's hosted page (its webhook is not awaited: the success page is). */
  const payAtStripe = async (_t: TestApp, checkout: { sessionId: string }) => {
    fake.pay(checkout.sessionId);
  };

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
    await payoutPaid(t.database.db, payoutId);
    await fake.deliveriesSettled();
    const transfer = [...fake.transfers.values()].find((tr) => tr.metadata.payoutId === payoutId)!;
    return { tutor, accountId, payoutId, transfer };
  }

  it('finds nothing when Stripe and the ledger agree, and admins see a clean run', async () => {
    await paidTutor(3000);
    await paidTutor(2500);
    await paidLessonRefunded(t, payAtStripe, 1000);
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
    const stray = await (
      await stripeClient(KEY, fake.url)
    ).transfers.create({
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
        subject: 'transfer',
        kind: 'unknown',
        providerRef: stray.id,
        payoutId: null,
        paymentId: null,
        currency: 'USD',
        ledgerCents: 0,
        providerCents: 1234,
      },
      {
        subject: 'transfer',
        kind: 'amount_differs',
        providerRef: transfer.id,
        payoutId,
        paymentId: null,
        currency: 'USD',
        ledgerCents: 4000,
        providerCents: 3500,
      },
    ]);
    const admin = await createAdmin(t);
    const finance = await admin.client.get('/api/admin/finance');
    expect(finance.json.reconciliation.findings).toEqual([
      {
        subject: 'transfer',
        kind: 'unknown',
        providerRef: stray.id,
        payoutId: null,
        paymentId: null,
        name: null,
        currency: 'USD',
        ledgerCents: 0,
        providerCents: 1234,
        differenceCents: 1234,
      },
      {
        subject: 'transfer',
        kind: 'amount_differs',
        providerRef: transfer.id,
        payoutId,
        paymentId: null,
        name: expect.any(String),
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
    expect(finance.json.reconciliation.findings[1].name).toBe(name.full_name);
  });

  it('finds a charge the ledger missed, a refund made at Stripe and a payment Stripe never charged', async () => {
    const db = t.database.db;
    const paid = await paidLessonRefunded(t, payAtStripe, 0);
    // Refunded from Stripe's Dashboard: the ledger never heard of it.
    const dashboard = await (
      await stripeClient(KEY, fake.url)
    ).refunds.create({
      payment_intent: paid.intentId,
      amount: 700,
    });
    // A student paid, and neither the webhook nor the success page ever reached us.
    const tutor = await createSignedInTutor(t, { ...MORNING_TEACHING, rateCents: 4000 });
    const lost = await openSingleCheckout(await createStudent(t), tutor, 5);
    fake.pay(lost.sessionId);
    const lostIntent = fake.sessions.get(lost.sessionId)!.session.payment_intent!;
    // The ledger has a payment through Stripe that Stripe never charged.
    const ghost = await createPayment(db, {
      studentId: paid.studentId,
      tutorProfileId: tutor.id,
      amountCents: 2500,
      createdAt: NOW,
    });
    await db
      .updateTable('payments')
      .set({ provider: 'stripe', provider_payment_intent_id: 'pi_never_charged' })
      .where('id', '=', ghost)
      .execute();
    await db
      .transaction()
      .execute((trx) => recordPaymentReceived(trx, ghost, NOW, DEFAULT_COMMISSION_TIERS));

    const { amount_cents: lostCents } = await db
      .selectFrom('payments')
      .select('amount_cents')
      .where('id', '=', lost.payment.id)
      .executeTakeFirstOrThrow();
    // The transfers of the tests before are found again: only students' money is looked at here.
    const found = (await reconcile(t.app.deps)).filter((f) => f.subject !== 'transfer');
    expect(found).toEqual([
      {
        subject: 'charge',
        kind: 'unknown',
        providerRef: lostIntent,
        payoutId: null,
        paymentId: null,
        currency: 'USD',
        ledgerCents: 0,
        providerCents: lostCents,
      },
      {
        subject: 'refund',
        kind: 'unknown',
        providerRef: dashboard.id,
        payoutId: null,
        paymentId: null,
        currency: 'USD',
        ledgerCents: 0,
        providerCents: 700,
      },
      {
        subject: 'charge',
        kind: 'missing',
        providerRef: 'pi_never_charged',
        payoutId: null,
        paymentId: ghost,
        currency: 'USD',
        ledgerCents: 2500,
        providerCents: 0,
      },
    ]);
    const finance = await (await createAdmin(t)).client.get('/api/admin/finance');
    expect(finance.json.reconciliation.findings).toContainEqual({
      subject: 'charge',
      kind: 'missing',
      providerRef: 'pi_never_charged',
      payoutId: null,
      paymentId: ghost,
      name: paid.studentName,
      currency: 'USD',
      ledgerCents: 2500,
      providerCents: 0,
      differenceCents: -2500,
    });
  });
});
