import { describe, expect, it } from 'vitest';
import {
  deleteAccount,
  getAccount,
  getClosingSummary,
  type ClosingSummary,
} from '../../../contracts/account.contract';
import { signIn } from '../../../contracts/auth.contract';
import { getTutorProfile, searchTutors } from '../../../contracts/tutors.contract';
import { SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { sessionAt } from '../../adapters/payments/local-checkout.repository';
import { TEST_PASSWORD } from '../../test/accounts';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  createTutor,
} from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING, NOW, VIEWER_ZONE, viewerDate } from '../../test/tokyo-mornings';
import {
  localCheckoutSuite,
  openSingleCheckout,
  paidSingleLesson,
} from '../../test/payment-harness';

// Deleting an account on each database, with the built-in checkout: what it will do is told
// first, then future lessons are canceled, the other side is emailed, paid lessons go back to
// the card through the provider, and no one can sign in as the account any more.

const DAY = 86_400_000;
const RATE_CENTS = 4000;

describe.each(TEST_DRIVERS)('deleting an account on %s', (driver) => {
  const suite = localCheckoutSuite(driver);
  const { clock } = suite;

  /** A lesson the student paid for through the hosted checkout, three days ahead. */
  const paidLesson = (
    student: { client: TestClient; email: string },
    tutor: { id: string; subjectId: number; email: string },
  ) => paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
  /** What the hosted checkout says it gave back for a session. */
  const providerRefunded = async (sessionId: string) =>
    (await sessionAt(suite.app.database.db, sessionId, clock.now()))?.refunded_cents;
  const lessonStatus = async (paymentId: string) =>
    (
      await suite.app.database.db
        .selectFrom('lessons')
        .select('status')
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow()
    ).status;

  it('tells a student what will happen, then cancels, refunds, tells the tutor and signs them out', async () => {
    const tutor = await createSignedInTutor(suite.app, {
      ...MORNING_TEACHING,
      rateCents: RATE_CENTS,
    });
    const student = await createStudent(suite.app);
    const checkout = await paidLesson(student, tutor);
    // A lesson already given stays as it was.
    const past = await createLesson(suite.app.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() - 2 * DAY),
      status: 'completed',
    });

    expect(await student.client.call(getClosingSummary)).toEqual({
      futureLessons: 1,
      refunds: [{ amountCents: checkout.amountCents, currency: 'USD' }],
      unusedCredits: 0,
    } satisfies ClosingSummary);

    const remove = (body: object) => student.client.callError(deleteAccount, { body });
    expect((await remove({ password: TEST_PASSWORD, confirm: 'delete' })).fields?.confirm).toBe(
      M.confirmDeleteWord,
    );
    const wrong = await remove({ password: 'Wr0ng!pass', confirm: 'DELETE' });
    expect(wrong).toMatchObject({ status: 400, message: M.currentPasswordWrong });
    expect(await lessonStatus(checkout.payment.id)).toBe('scheduled');

    const [tutorMail, studentMail] = [
      suite.app.inbox.countTo(tutor.email),
      suite.app.inbox.countTo(student.email),
    ];
    await student.client.call(deleteAccount, {
      body: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(await lessonStatus(checkout.payment.id)).toBe('canceled');
    // Stamped as every cancel is: when and why.
    expect(
      await suite.app.database.db
        .selectFrom('lessons')
        .select(['canceled_at', 'cancel_cause'])
        .where('payment_id', '=', checkout.payment.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ canceled_at: expect.any(Date), cancel_cause: 'account_closed' });
    const kept = await suite.app.database.db
      .selectFrom('lessons')
      .select('status')
      .where('id', '=', past)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('completed');

    // The tutor is told, the student gets a goodbye, the provider gives the money back.
    const notice = await suite.app.inbox.waitFor(tutor.email, { afterCount: tutorMail });
    expect(notice.text).toContain('deleted their Tutora account');
    const goodbye = await suite.app.inbox.waitFor(student.email, { afterCount: studentMail });
    expect(goodbye.subject).toBe('Your Tutora account was deleted');
    await expect
      .poll(() => providerRefunded(checkout.sessionId), { timeout: 10_000 })
      .toBe(checkout.amountCents);
    await expect
      .poll(
        async () =>
          await suite.app.database.db
            .selectFrom('payments')
            .select(['status', 'refund_reason', 'refunded_cents'])
            .where('id', '=', checkout.payment.id)
            .executeTakeFirstOrThrow(),
      )
      .toEqual({
        status: 'refunded',
        refund_reason: 'account_closed',
        refunded_cents: checkout.amountCents,
      });

    // Signed out, and the email and password no longer sign anyone in.
    expect((await student.client.callError(getAccount)).status).toBe(401);
    const again = await new TestClient(suite.app.url).callError(signIn, {
      body: { email: student.email, password: TEST_PASSWORD },
    });
    expect(again.status).toBe(401);
    const row = await suite.app.database.db
      .selectFrom('users')
      .select(['email', 'first_name', 'closed_at'])
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row.email).not.toBe(student.email);
    expect(row.closed_at).toEqual(NOW);
  });

  it('refunds a tutor’s students and takes the tutor’s availability away', async () => {
    const tutor = await createSignedInTutor(suite.app, {
      ...MORNING_TEACHING,
      rateCents: RATE_CENTS,
    });
    const student = await createStudent(suite.app);
    const checkout = await paidLesson(student, tutor);
    const other = await createTutor(suite.app.database.db, MORNING_TEACHING);
    await createLesson(suite.app.database.db, {
      tutor: other,
      studentId: student.id,
      start: new Date(NOW.getTime() + 5 * DAY),
      status: 'scheduled',
    });
    expect((await tutor.client.call(getClosingSummary)).futureLessons).toBe(1);

    const studentMail = suite.app.inbox.countTo(student.email);
    await tutor.client.call(deleteAccount, {
      body: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(await lessonStatus(checkout.payment.id)).toBe('canceled');
    const notice = await suite.app.inbox.waitFor(student.email, {
      afterCount: studentMail,
    });
    expect(notice.text).toContain('goes back to your card');
    await expect
      .poll(() => providerRefunded(checkout.sessionId), { timeout: 10_000 })
      .toBe(checkout.amountCents);
    // The student's lesson with another tutor is not touched; no one can book the closed tutor.
    const slots = await student.client.get(
      `/api/tutors/${tutor.id}/slots?fromDate=${viewerDate(3)}&days=7&viewerZone=${VIEWER_ZONE}`,
    );
    expect(JSON.stringify(slots.json)).not.toMatch(/\d\d:\d\d-\d\d:\d\d/);
    const others = await suite.app.database.db
      .selectFrom('lessons')
      .select('status')
      .where('tutor_profile_id', '=', other.id)
      .execute();
    expect(others.map((lesson) => lesson.status)).toEqual(['scheduled']);
    // Gone from search, with and without words, and from the profile pages.
    const listed = async (q?: string) =>
      (await student.client.call(searchTutors, { query: { q } })).tutors.map((card) => card.id);
    expect(await listed()).toContain(other.id);
    expect(await listed()).not.toContain(tutor.id);
    expect(await listed('Deleted')).not.toContain(tutor.id);
    const profile = await student.client.callError(getTutorProfile, { params: { id: tutor.id } });
    expect(profile.status).toBe(404);
  });

  it('gives back money that arrives for a lesson the closing canceled while its checkout was open', async () => {
    const tutor = await createSignedInTutor(suite.app, {
      ...MORNING_TEACHING,
      rateCents: RATE_CENTS,
    });
    const student = await createStudent(suite.app);
    const checkout = await openSingleCheckout(student, tutor);
    await tutor.client.call(deleteAccount, {
      body: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(await lessonStatus(checkout.payment.id)).toBe('canceled');

    await suite.harness.pay(suite.app, checkout);
    const confirmed = await student.client.post(
      `/api/checkout/sessions/${checkout.sessionId}/confirm`,
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await lessonStatus(checkout.payment.id)).toBe('canceled');
    await expect
      .poll(() => providerRefunded(checkout.sessionId), { timeout: 10_000 })
      .toBeGreaterThan(0);
  });

  it('refuses the delete to anyone signed out', async () => {
    const response = await new TestClient(suite.app.url).callError(deleteAccount, {
      body: { confirm: 'DELETE' },
    });
    expect(response.status).toBe(401);
  });
});
