import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_FAILURE, LOCAL_TEST_ACCOUNTS } from '../../../domain/ledger/bank-details';
import { PAYOUT_MESSAGES as M } from '../../../domain/ledger/payout-messages';
import { fixedClock } from '../../adapters/clock';
import { createSignedInTutor, type TestStudent } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';
import { completeEndedLessons } from '../lessons/lesson-completion';
import { insertStudent, paidLesson } from '../../test/ledger-fixtures';
import { deliverEvent } from './local-payout-provider';
import { listNotifications } from '../../../contracts/notifications.contract';
import {
  adjustBalance,
  getFinance,
  getTutorPayouts,
  retryPayout,
  startPayoutOnboarding,
  withdrawEarnings,
} from '../../../contracts/payouts.contract';

// A tutor is paid, end to end through HTTP on each database: the built-in onboarding page, a
// paid lesson pending at price − commission, available 48 h after its end, Withdraw, the
// simulated bank's signed webhook, Earnings and Finance agreeing to the cent; the failing test
// account gives the money back and says why; a replayed webhook changes nothing.

const NOW = new Date('2030-05-06T08:00:00Z');
const START = new Date('2030-05-07T10:00:00Z');
const END = new Date('2030-05-07T11:00:00Z');
const HOUR = 3_600_000;

describe.each(TEST_DRIVERS)('%s: tutors get paid', (driver) => {
  let t: TestApp;
  let admin: TestStudent;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock });
    admin = await createAdmin(t);
  });
  afterAll(() => t?.close());

  /** A signed-in tutor whose payout account was set up on the built-in page with `form`. */
  async function tutorWithAccount(form: Record<string, string>) {
    const tutor = await createSignedInTutor(t);
    const link = await tutor.client.call(startPayoutOnboarding);
    const page = await fetch(link.onboardingUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Get paid by Tutora');
    const saved = await fetch(link.onboardingUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ legalName: 'Tara Quinn', ...form }).toString(),
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${t.url}/tutor/earnings?payouts=ready`);
    return tutor;
  }

  async function earnedLesson(tutor: { id: string; subjectId: number }, priceCents = 3000) {
    clock.set(NOW);
    const studentId = await insertStudent(t.database.db);
    const lesson = await paidLesson(
      t.database.db,
      { tutor, studentId },
      {
        priceCents,
        start: START,
        paidAt: NOW,
      },
    );
    await completeEndedLessons(t.database.db, END, { lessonId: lesson.lessonId });
    return lesson;
  }

  /** What the tutor's bell tells of money (its payout notices). */
  const bellOf = async (tutor: { client: TestStudent['client'] }) => {
    const bell = await tutor.client.call(listNotifications, { query: {} });
    return (bell.notifications as { kind: string; payout: unknown; refund: unknown }[]).map(
      ({ kind, payout, refund }) => ({ kind, payout, refund }),
    );
  };
  const payoutStatus = async (id: string) =>
    (
      await t.database.db
        .selectFrom('payouts')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('refuses bank details with a wrong checksum and says which field', async () => {
    const tutor = await createSignedInTutor(t);
    const link = await tutor.client.call(startPayoutOnboarding);
    const refused = await fetch(link.onboardingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        legalName: 'Tara Quinn',
        country: 'DE',
        iban: 'DE89370400440532013001',
      }).toString(),
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Enter a valid IBAN');
    const view = await tutor.client.call(getTutorPayouts);
    expect(view.account.status).toBe('onboarding');
  });

  it('pays a tutor once, from pending to available to paid, and Finance agrees', async () => {
    const tutor = await tutorWithAccount({ country: 'DE', iban: LOCAL_TEST_ACCOUNTS.ibanThatPays });
    const { lessonId } = await earnedLesson(tutor);

    clock.set(new Date(END.getTime() + HOUR));
    let view = await tutor.client.call(getTutorPayouts);
    expect(view.account).toEqual({
      status: 'active',
      reason: '',
      displayName: 'IBAN •••• 3000',
    });
    expect(view.balances).toEqual({
      pendingCents: 2250,
      availableCents: 0,
      inTransitCents: 0,
      paidOutCents: 0,
    });
    expect(view.commission).toEqual({
      rateBp: 2500,
      taughtHours: 0.83,
      next: { rateBp: 2000, hoursToGo: 19.17 },
    });
    expect(view.lessons).toEqual([
      expect.objectContaining({
        lessonId,
        priceCents: 3000,
        rateBp: 2500,
        commissionCents: 750,
        netCents: 2250,
        status: 'pending',
      }),
    ]);
    expect(view.canWithdraw).toBe(false);
    const early = await tutor.client.callError(withdrawEarnings);
    expect(early.status).toBe(409);
    expect(early.message).toBe(M.belowMinimum(2000));

    clock.set(new Date(END.getTime() + 48 * HOUR));
    view = await tutor.client.call(getTutorPayouts);
    expect(view.balances).toMatchObject({ pendingCents: 0, availableCents: 2250 });
    expect(view.canWithdraw).toBe(true);

    const withdrawn = await tutor.client.call(withdrawEarnings);
    const again = await tutor.client.callError(withdrawEarnings);
    expect(again.status).toBe(409);
    expect(again.message).toBe(M.payoutOnItsWay);
    view = await tutor.client.call(getTutorPayouts);
    expect(view.balances).toMatchObject({ availableCents: 0, inTransitCents: 2250 });

    await expect.poll(() => payoutStatus(withdrawn.payoutId), { timeout: 15_000 }).toBe('paid');
    view = await tutor.client.call(getTutorPayouts);
    expect(view.balances).toEqual({
      pendingCents: 0,
      availableCents: 0,
      inTransitCents: 0,
      paidOutCents: 2250,
    });
    expect(view.payouts).toEqual([
      expect.objectContaining({ amountCents: 2250, status: 'paid', origin: 'withdraw' }),
    ]);
    const mail = await t.inbox.waitFor(tutor.email, { afterCount: 1 }); // after its sign-up code
    expect(mail.subject).toBe('Your payout of $22.50 was sent');
    expect(await bellOf(tutor)).toEqual([
      {
        kind: 'payout_sent',
        payout: { amountCents: 2250, currency: 'USD', failureReason: null },
        refund: null,
      },
    ]);

    const finance = await admin.client.call(getFinance);
    expect(finance.tutors).toContainEqual({
      tutorProfileId: tutor.id,
      name: expect.any(String),
      pendingCents: 0,
      availableCents: 0,
      inTransitCents: 0,
    });
    expect(finance.payouts).toContainEqual(
      expect.objectContaining({ id: withdrawn.payoutId, amountCents: 2250, status: 'paid' }),
    );
    // Cash held = bookings − refunds − payouts paid; what is held is owed to someone.
    const f = finance;
    expect(f.providerCashCents).toBe(f.unearnedCents + f.tutorsOwedCents + f.platformRevenueCents);

    // The bank's webhook again: nothing changes.
    const transfer = await t.database.db
      .selectFrom('payouts')
      .select('provider_transfer_id')
      .where('id', '=', withdrawn.payoutId)
      .executeTakeFirstOrThrow();
    const entriesBefore = await t.database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await deliverEvent(t.app.deps, {
      id: `levt_${transfer.provider_transfer_id}_paid`,
      type: 'payout.paid',
      payoutId: withdrawn.payoutId,
      transferId: transfer.provider_transfer_id!,
    });
    const entriesAfter = await t.database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(entriesAfter.n).toBe(entriesBefore.n);
    expect((await tutor.client.call(getTutorPayouts)).balances.paidOutCents).toBe(2250);
  });

  it('a payout to the failing test account comes back to available and says why', async () => {
    const tutor = await tutorWithAccount({
      country: 'US',
      ...LOCAL_TEST_ACCOUNTS.usThatFails,
    });
    await earnedLesson(tutor, 4000);
    clock.set(new Date(END.getTime() + 49 * HOUR));
    const withdrawn = await tutor.client.call(withdrawEarnings);
    await expect.poll(() => payoutStatus(withdrawn.payoutId), { timeout: 15_000 }).toBe('failed');
    const view = await tutor.client.call(getTutorPayouts);
    expect(view.balances).toEqual({
      pendingCents: 0,
      availableCents: 3000,
      inTransitCents: 0,
      paidOutCents: 0,
    });
    expect(view.account).toMatchObject({
      status: 'needs_attention',
      reason: LOCAL_FAILURE.message,
    });
    expect(view.payouts[0]).toMatchObject({
      status: 'failed',
      failureReason: LOCAL_FAILURE.message,
    });
    expect(view.canWithdraw).toBe(false);
    const mail = await t.inbox.waitFor(tutor.email, { afterCount: 1 }); // after its sign-up code
    expect(mail.subject).toBe('Your payout failed: your payout account needs attention');
    expect(mail.text).toContain(LOCAL_FAILURE.message);
    expect(await bellOf(tutor)).toEqual([
      {
        kind: 'payout_failed',
        payout: {
          amountCents: view.payouts[0]!.amountCents,
          currency: 'USD',
          failureReason: LOCAL_FAILURE.message,
        },
        refund: null,
      },
    ]);

    // The admin cannot retry before the account is fixed; after, the retry pays.
    const blocked = await admin.client.callError(retryPayout, {
      params: { id: withdrawn.payoutId },
    });
    expect(blocked.status).toBe(409);
    const link = await tutor.client.call(startPayoutOnboarding);
    await fetch(link.onboardingUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        legalName: 'Tara Quinn',
        country: 'US',
        ...LOCAL_TEST_ACCOUNTS.usThatPays,
      }).toString(),
    });
    const retried = await admin.client.call(retryPayout, { params: { id: withdrawn.payoutId } });
    await expect.poll(() => payoutStatus(retried.payoutId), { timeout: 15_000 }).toBe('paid');
    expect((await tutor.client.call(getTutorPayouts)).balances.paidOutCents).toBe(3000);
  });

  it('an admin adjusts a balance with a reason, audited; a tutor cannot', async () => {
    const tutor = await createSignedInTutor(t);
    const body = { tutorProfileId: tutor.id, amountCents: 1500, reason: 'Goodwill for a move' };
    expect((await tutor.client.callError(adjustBalance, { body })).status).toBe(403);
    const short = await admin.client.callError(adjustBalance, {
      body: {
        ...body,
        reason: 'no',
      },
    });
    expect(short.status).toBe(400);
    await admin.client.call(adjustBalance, { body });
    const view = await tutor.client.call(getTutorPayouts);
    expect(view.balances.availableCents).toBe(1500);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_user_id', '=', tutor.userId)
      .execute();
    expect(audit).toEqual([
      { action: 'balance_adjusted', reason: '1500 cents: Goodwill for a move' },
    ]);
  });

  it('refuses a forged payout webhook', async () => {
    const forged = await fetch(`${t.url}/api/payouts/webhooks/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'tutora-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'x', type: 'payout.paid', payoutId: 'x', transferId: 'x' }),
    });
    expect(forged.status).toBe(400);
  });
});
