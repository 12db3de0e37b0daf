import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../adapters/clock';
import { stripeClient } from '../../adapters/payments/stripe-client';
import { createSignedInTutor } from '../../test/factories';
import { startStripeFake, type StripeFake } from '../../test/stripe-fake';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { creditAvailable } from '../../test/ledger-fixtures';
import { balanceOf } from '../ledger/ledger.repository';
import { sendPayout } from './send-payout';
import { REVERSED_MESSAGE, transferGroupOf } from './stripe-payout-provider';
import { listNotifications } from '../../../contracts/notifications.contract';
import {
  getTutorPayouts,
  startPayoutOnboarding,
  withdrawEarnings,
} from '../../../contracts/payouts.contract';

// Tutors paid through Stripe Connect, on each database: the real Stripe SDK against the local
// fake, whose webhooks carry real signatures and are POSTed to the app. Onboarding → Stripe's
// account.updated enables payouts → Withdraw → one transfer (the payout's id as idempotency key,
// its own transfer group) → transfer.created pays it; a retried send makes no second transfer; a
// replayed webhook changes nothing; a reversed transfer gives the money back; an account Stripe
// pauses tells the tutor (bell and email) and Earnings says what it needs.

const NOW = new Date('2030-05-06T08:00:00Z');
const PLATFORM_SECRET = 'whsec_payouts_test';
const CONNECT_SECRET = 'whsec_connect_test';

describe.each(TEST_DRIVERS)('%s: payouts through Stripe Connect', (driver) => {
  let t: TestApp;
  let fake: StripeFake;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    fake = await startStripeFake({
      webhookSecret: PLATFORM_SECRET,
      connectWebhookSecret: CONNECT_SECRET,
      now: clock.now,
    });
    t = await startTestApp(
      driver,
      {},
      {
        clock,
        stripeConnect: {
          stripe: await stripeClient('sk_test_connect', fake.url),
          webhookSecrets: [PLATFORM_SECRET, CONNECT_SECRET],
        },
      },
    );
    fake.sendWebhooksTo(`${t.url}/api/payouts/webhooks/stripe`);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  const db = () => t.database.db;

  /** A tutor whose Stripe account was opened through "Set up payouts". */
  async function onboardedTutor() {
    const tutor = await createSignedInTutor(t);
    const link = await tutor.client.call(startPayoutOnboarding);
    const account = await db()
      .selectFrom('payout_accounts')
      .selectAll()
      .where('tutor_profile_id', '=', tutor.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ provider: 'stripe', status: 'onboarding' });
    const accountId = account.provider_account_id;
    expect(link.onboardingUrl).toBe(`${fake.url}/connect/setup/${accountId}`);
    expect(fake.accounts.get(accountId)?.metadata).toEqual({ tutorProfileId: tutor.id });
    return { ...tutor, accountId };
  }

  const credit = (tutorProfileId: string, cents: number) =>
    creditAvailable(db(), tutorProfileId, cents);

  const payoutOf = (id: string) =>
    db().selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const transfersOf = (payoutId: string) =>
    [...fake.transfers.values()].filter((tr) => tr.metadata.payoutId === payoutId);
  const cash = () => balanceOf(db(), 'provider_cash', null, 'USD');
  /** The mail to `to` with this subject, once it has arrived. */
  async function mailTo(to: string, subject: string) {
    const find = () => t.inbox.messages.find((m) => m.to === to && m.subject === subject);
    await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
    return find()!;
  }

  /** A tutor paid `cents` through Stripe: the payout and its one transfer. */
  async function paidTutor(cents: number) {
    const tutor = await onboardedTutor();
    fake.completeOnboarding(tutor.accountId);
    await fake.deliveriesSettled();
    await credit(tutor.id, cents);
    const withdrawn = await tutor.client.call(withdrawEarnings);
    const payoutId = withdrawn.payoutId as string;
    await expect
      .poll(async () => (await payoutOf(payoutId)).status, { timeout: 15_000 })
      .toBe('paid');
    await fake.deliveriesSettled();
    return { tutor, payoutId };
  }

  it('onboards on Stripe, enables payouts by account.updated, pays by one transfer', async () => {
    const tutor = await onboardedTutor();
    await credit(tutor.id, 4200);
    // Not payable before Stripe says so.
    expect((await tutor.client.callError(withdrawEarnings)).status).toBe(409);

    fake.completeOnboarding(tutor.accountId, '4321');
    await fake.deliveriesSettled();
    const view = await tutor.client.call(getTutorPayouts);
    expect(view.account).toEqual({
      status: 'active',
      reason: '',
      displayName: 'Bank account •••• 4321',
    });

    const cashBefore = await cash();
    const withdrawn = await tutor.client.call(withdrawEarnings);
    const payoutId = withdrawn.payoutId as string;
    await expect
      .poll(async () => (await payoutOf(payoutId)).status, { timeout: 15_000 })
      .toBe('paid');
    const transfers = transfersOf(payoutId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: 4200,
      currency: 'usd',
      destination: tutor.accountId,
      transfer_group: transferGroupOf(payoutId),
    });
    expect((await payoutOf(payoutId)).provider_transfer_id).toBe(transfers[0]!.id);
    expect(await cash()).toBe(cashBefore - 4200);
    const after = await tutor.client.call(getTutorPayouts);
    expect(after.balances).toMatchObject({
      availableCents: 0,
      inTransitCents: 0,
      paidOutCents: 4200,
    });
    await mailTo(tutor.email, 'Your payout of $42.00 was sent');
  });

  it('a payout job retried with the same payout id makes no second transfer', async () => {
    const { tutor, payoutId } = await paidTutor(2600);
    const [transfer] = transfersOf(payoutId);
    // The job ran again after a crash that lost Stripe's answer: the same key, the same transfer.
    const again = await (
      await stripeClient('sk_test_connect', fake.url)
    ).transfers.create(
      {
        amount: 2600,
        currency: 'usd',
        destination: tutor.accountId,
        transfer_group: transferGroupOf(payoutId),
        metadata: { payoutId },
      },
      { idempotencyKey: payoutId },
    );
    expect(again.id).toBe(transfer!.id);
    await sendPayout(t.app.deps, payoutId);
    expect(transfersOf(payoutId)).toHaveLength(1);
    expect(
      fake.events.filter((e) => e.type === 'transfer.created' && e.body.includes(payoutId)),
    ).toHaveLength(1);
  });

  it('a replayed webhook changes nothing', async () => {
    const { tutor, payoutId } = await paidTutor(3100);
    const created = fake.events.find(
      (e) => e.type === 'transfer.created' && e.body.includes(payoutId),
    )!;
    const entries = async () =>
      (
        await db()
          .selectFrom('ledger_entries')
          .select(db().fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = { entries: await entries(), cash: await cash() };
    expect(await fake.redeliver(created.id)).toBe(200);
    const enabled = fake.events.filter(
      (e) => e.type === 'account.updated' && e.body.includes(tutor.accountId),
    );
    expect(await fake.redeliver(enabled.at(-1)!.id)).toBe(200);
    expect({ entries: await entries(), cash: await cash() }).toEqual(before);
    expect((await payoutOf(payoutId)).status).toBe('paid');
  });

  it('refuses a delivery that Stripe did not sign', async () => {
    const forged = await fetch(`${t.url}/api/payouts/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: '{"id":"evt_forged","type":"transfer.reversed"}',
          secret: 'whsec_someone_else',
          timestamp: Math.floor(NOW.getTime() / 1000),
        }),
      },
      body: '{"id":"evt_forged","type":"transfer.reversed"}',
    });
    expect(forged.status).toBe(400);
  });

  it('a reversed transfer fails the payout and returns the money to available, once', async () => {
    const { tutor, payoutId } = await paidTutor(5000);
    const [transfer] = transfersOf(payoutId);
    const cashBefore = await cash();
    const reversed = fake.reverseTransfer(transfer!.id);
    await fake.deliveriesSettled();
    expect(await payoutOf(payoutId)).toMatchObject({
      status: 'failed',
      failure_reason: REVERSED_MESSAGE,
    });
    expect(await cash()).toBe(cashBefore + 5000);
    expect(await balanceOf(db(), 'tutor_available', tutor.id, 'USD')).toBe(-5000);
    const postings = await db()
      .selectFrom('ledger_transactions as lt')
      .innerJoin('ledger_entries as le', 'le.transaction_id', 'lt.id')
      .select((eb) => ['lt.kind', eb.fn.sum<string>('le.amount_cents').as('total')])
      .where('lt.payout_id', '=', payoutId)
      .groupBy('lt.kind')
      .orderBy('lt.kind')
      .execute();
    expect(postings.map((p) => [p.kind, Number(p.total)])).toEqual([
      ['payout_paid', 0],
      ['payout_requested', 0],
      ['payout_reversed', 0],
    ]);
    expect(await fake.redeliver(reversed.id)).toBe(200);
    expect(await cash()).toBe(cashBefore + 5000);
    await mailTo(tutor.email, 'Your payout failed: your payout account needs attention');
    const view = await tutor.client.call(getTutorPayouts);
    expect(view.balances.availableCents).toBe(5000);
    expect(view.account).toMatchObject({
      status: 'needs_attention',
      reason: REVERSED_MESSAGE,
    });
  });

  it('an account Stripe pauses needs attention: bell, email, and Earnings says what to do', async () => {
    const tutor = await onboardedTutor();
    fake.completeOnboarding(tutor.accountId);
    await fake.deliveriesSettled();
    const paused = fake.requireMore(tutor.accountId, ['individual.verification.document']);
    await fake.deliveriesSettled();
    const reason =
      'Stripe needs an identity document before it can pay you. Update your payout account.';
    const view = await tutor.client.call(getTutorPayouts);
    expect(view.account).toMatchObject({ status: 'needs_attention', reason });
    expect(view.canWithdraw).toBe(false);
    const mail = await mailTo(tutor.email, 'Your payout account needs attention');
    expect(mail.text).toContain(reason);
    const bell = await tutor.client.call(listNotifications, { query: {} });
    expect(bell.notifications.map((n: { kind: string }) => n.kind)).toEqual([
      'payout_account_attention',
    ]);
    // Told once: the same news again (a replay, or another update still paused) is not news.
    await fake.redeliver(paused.id);
    fake.requireMore(tutor.accountId, ['individual.verification.document', 'external_account']);
    await fake.deliveriesSettled();
    const again = await tutor.client.call(listNotifications, { query: {} });
    expect(again.notifications).toHaveLength(1);
    // Fixed on Stripe: payable again.
    fake.completeOnboarding(tutor.accountId);
    await fake.deliveriesSettled();
    expect((await tutor.client.call(getTutorPayouts)).account.status).toBe('active');
  });
});
