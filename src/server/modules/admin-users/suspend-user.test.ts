import { describe, expect, it } from 'vitest';
import { SUSPENSION_MESSAGES as S } from '../../../domain/admin/suspension-messages';
import { ADMIN_USERS_MESSAGES as M } from '../../../domain/messages';
import { TEST_PASSWORD, uniqueEmail } from '../../test/accounts';
import { createLesson, createSignedInTutor, createStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { codeFrom } from '../../test/smtp-inbox';
import { TEST_DRIVERS } from '../../test/test-database';
import { announcementsHeard } from '../../test/announced-changes';
import { MORNING_TEACHING, NOW } from '../../test/tokyo-mornings';
import { localCheckoutSuite, paidSingleLesson } from '../../test/payment-harness';
import { createAdmin } from '../../test/admin-fixtures';
import { getAccount } from '../../../contracts/account.contract';
import { getAdminUser, restoreUser, suspendUser } from '../../../contracts/admin-users.contract';
import { getSession, signUp as signUpEndpoint } from '../../../contracts/auth.contract';
import { createReport } from '../../../contracts/reports.contract';
import { createReview } from '../../../contracts/reviews.contract';
import { getTutorProfile } from '../../../contracts/tutors.contract';

// Suspending and restoring accounts on each database, with the built-in checkout: the user's
// existing session is refused on its next request, signing in is refused with the reason, their
// future paid lessons are canceled and refunded in full with the other side told, a tutor
// leaves search and their profile page (and comes back when restored), and the audit log
// records each action.

const RATE_CENTS = 4000;
const DAY = 86_400_000;

describe.each(TEST_DRIVERS)('suspending accounts on %s', (driver) => {
  const suite = localCheckoutSuite(driver);
  const db = () => suite.app.database.db;

  const auditOf = (userId: string) =>
    db()
      .selectFrom('audit_log')
      .select(['admin_id', 'action', 'reason', 'report_id', 'created_at'])
      .where('target_user_id', '=', userId)
      .orderBy('id')
      .execute();
  const paymentOf = (paymentId: string) =>
    db()
      .selectFrom('payments')
      .select(['status', 'refunded_cents', 'refund_reason'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
  const lessonStatus = async (lessonId: string) =>
    (
      await db()
        .selectFrom('lessons')
        .select('status')
        .where('id', '=', lessonId)
        .executeTakeFirstOrThrow()
    ).status;
  /** The tutors `client` finds once the changes before are announced (ADR 047). */
  const listedIds = async (client: TestClient, query = '') => {
    await announcementsHeard(suite.app.database);
    return ((await client.get(`/api/tutors?${query}`)).json.tutors as { id: string }[]).map(
      (card) => card.id,
    );
  };

  it('suspends a tutor: session refused, sign-in refused, lesson refunded, student told, unlisted; restore lists them again', async () => {
    const admin = await createAdmin(suite.app);
    const tutor = await createSignedInTutor(suite.app, {
      ...MORNING_TEACHING,
      rateCents: RATE_CENTS,
    });
    const student = await createStudent(suite.app);
    const checkout = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    const report = await db()
      .insertInto('reports')
      .values({
        reporter_id: student.id,
        kind: 'user',
        reported_user_id: tutor.userId,
        reason: 'abuse',
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await listedIds(student.client)).toContain(tutor.id);
    await tutor.client.call(getAccount);
    const before = await admin.client.call(getAdminUser, { params: { id: tutor.userId } });
    expect(before.futureLessons).toBe(1);

    const [studentMail, tutorMail] = [
      suite.app.inbox.countTo(student.email),
      suite.app.inbox.countTo(tutor.email),
    ];
    const reason = 'Asked students to pay outside Tutora';
    const suspended = await admin.client.call(suspendUser, {
      params: { id: tutor.userId },
      body: {
        reason,
        reportId: report.id,
      },
    });
    expect(suspended).toMatchObject({
      status: 'suspended',
      suspension: { at: NOW.toISOString(), reason },
      futureLessons: 0,
    });

    // The very next request with the tutor's cookie is refused; signing in is refused with why.
    expect((await tutor.client.callError(getAccount)).status).toBe(401);
    expect((await tutor.client.call(getSession)).user).toBeNull();
    const signIn = await new TestClient(suite.app.url).post('/api/auth/sign-in', {
      email: tutor.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.json.error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: S.accountSuspended(reason),
    });
    expect(signIn.json.error.message).toContain('support@tutora.app');
    // A wrong password says nothing of the suspension.
    const guess = await new TestClient(suite.app.url).post('/api/auth/sign-in', {
      email: tutor.email,
      password: 'Wr0ng!pass',
    });
    expect(guess.status).toBe(401);

    // The lesson is canceled and the money goes back in full; the student is told, not why.
    expect(await lessonStatus(checkout.lessonId)).toBe('canceled');
    expect(
      await db()
        .selectFrom('lessons')
        .select(['canceled_at', 'cancel_cause'])
        .where('id', '=', checkout.lessonId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ canceled_at: expect.any(Date), cancel_cause: 'account_suspended' });
    await expect
      .poll(() => paymentOf(checkout.payment.id), { timeout: 10_000 })
      .toEqual({
        status: 'refunded',
        refunded_cents: checkout.amountCents,
        refund_reason: 'account_suspended',
      });
    expect(await suite.harness.refundedCents(suite.app, checkout)).toBe(checkout.amountCents);
    const notice = await suite.app.inbox.waitFor(student.email, { afterCount: studentMail });
    expect(notice.text).toContain('was canceled by Tutora');
    expect(notice.text).toContain('goes back to your card');
    expect(notice.text).not.toContain(reason);
    const bell = await db()
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', student.id)
      .where('lesson_id', '=', checkout.lessonId)
      .execute();
    expect(bell.map((row) => row.kind)).toContain('lesson_canceled');
    const told = await suite.app.inbox.waitFor(tutor.email, { afterCount: tutorMail });
    expect(told.subject).toBe('Your Tutora account was suspended');
    expect(told.text).toContain(reason);
    expect(told.text).toContain('Your future lessons were canceled');
    expect(told.text).toContain('goes back to the card');

    // Gone from search and the profile page.
    expect(await listedIds(student.client)).not.toContain(tutor.id);
    expect(
      (await student.client.callError(getTutorProfile, { params: { id: tutor.id } })).status,
    ).toBe(404);

    // The report is settled and the audit log says who, what, when and why.
    const settled = await db()
      .selectFrom('reports')
      .select(['status', 'resolved_by'])
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'actioned', resolved_by: admin.id });
    expect(await auditOf(tutor.userId)).toEqual([
      {
        admin_id: admin.id,
        action: 'user_suspended',
        reason,
        report_id: report.id,
        created_at: NOW,
      },
    ]);

    // Twice is a conflict.
    const again = await admin.client.post(`/api/admin/users/${tutor.userId}/suspend`, {
      reason,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.alreadySuspended);

    // Restored: listed again, signs in again, the canceled lesson stays canceled.
    const restored = await admin.client.call(restoreUser, {
      params: { id: tutor.userId },
      body: {
        reason: 'Cleared after review',
      },
    });
    expect(restored).toMatchObject({ status: 'active', suspension: null });
    expect(await listedIds(student.client)).toContain(tutor.id);
    await student.client.call(getTutorProfile, { params: { id: tutor.id } });
    const back = await new TestClient(suite.app.url).post('/api/auth/sign-in', {
      email: tutor.email,
      password: TEST_PASSWORD,
    });
    expect(back.status, back.text).toBe(200);
    expect(await lessonStatus(checkout.lessonId)).toBe('canceled');
    expect((await auditOf(tutor.userId)).map((row) => [row.action, row.reason])).toEqual([
      ['user_suspended', reason],
      ['user_restored', 'Cleared after review'],
    ]);
    const restoredMail = await suite.app.inbox.waitFor(tutor.email, {
      afterCount: tutorMail + 1,
    });
    expect(restoredMail.subject).toBe('Your Tutora account was restored');
    const twice = await admin.client.callError(restoreUser, {
      params: { id: tutor.userId },
      body: {
        reason: 'again',
      },
    });
    expect(twice.status).toBe(409);
  });

  it('suspends a student: their paid lesson is refunded and the tutor told', async () => {
    const admin = await createAdmin(suite.app);
    const tutor = await createSignedInTutor(suite.app, {
      ...MORNING_TEACHING,
      rateCents: RATE_CENTS,
    });
    const student = await createStudent(suite.app);
    const checkout = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    const tutorMail = suite.app.inbox.countTo(tutor.email);
    await admin.client.call(suspendUser, {
      params: { id: student.id },
      body: {
        reason: 'Spam',
      },
    });
    expect((await student.client.callError(getAccount)).status).toBe(401);
    expect(await lessonStatus(checkout.lessonId)).toBe('canceled');
    await expect
      .poll(async () => (await paymentOf(checkout.payment.id)).refunded_cents, {
        timeout: 10_000,
      })
      .toBe(checkout.amountCents);
    const notice = await suite.app.inbox.waitFor(tutor.email, { afterCount: tutorMail });
    expect(notice.text).toContain('was canceled by Tutora');
    const bell = await db()
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', tutor.userId)
      .where('lesson_id', '=', checkout.lessonId)
      .where('kind', '=', 'lesson_canceled')
      .execute();
    expect(bell).toHaveLength(1);
  });

  it('settles the reports about the account, not those on its reviews (they stay on the profile)', async () => {
    const admin = await createAdmin(suite.app);
    const tutor = await createSignedInTutor(suite.app, MORNING_TEACHING);
    const student = await createStudent(suite.app);
    const lessonId = await createLesson(db(), {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() - 2 * DAY),
    });
    const review = await student.client.call(createReview, {
      params: { id: lessonId },
      body: {
        rating: 1,
        text: 'Late and rude, never again.',
      },
    });
    const reviewId = review.review.id as string;
    const report = async (
      target: { kind: 'review'; reviewId: string } | { kind: 'user'; userId: string },
    ) => {
      const response = await tutor.client.call(createReport, {
        body: { reason: 'abuse', ...target },
      });
      return response.report.id as string;
    };
    const onReview = await report({ kind: 'review', reviewId });
    const onUser = await report({ kind: 'user', userId: student.id });
    // Where each report stands, and whether the review is still on the profile.
    const moderation = async () => {
      const reports = await db()
        .selectFrom('reports')
        .select(['id', 'status'])
        .where('reported_user_id', '=', student.id)
        .execute();
      const { hidden_at } = await db()
        .selectFrom('reviews')
        .select('hidden_at')
        .where('id', '=', reviewId)
        .executeTakeFirstOrThrow();
      const statusOf = (id: string) => reports.find((row) => row.id === id)?.status;
      return { onUser: statusOf(onUser), onReview: statusOf(onReview), hidden: hidden_at !== null };
    };

    const suspend = (body: object) =>
      admin.client.post(`/api/admin/users/${student.id}/suspend`, body);
    const studentMail = suite.app.inbox.countTo(student.email);
    expect((await suspend({ reason: 'Abusive messages' })).status).toBe(200);
    // No future lessons, no money: the email does not claim any were canceled (issue #29).
    const told = await suite.app.inbox.waitFor(student.email, { afterCount: studentMail });
    expect(told.subject).toBe('Your Tutora account was suspended');
    expect(told.text).not.toContain('lessons were canceled');
    expect(told.text).not.toContain('goes back');
    expect(await moderation()).toEqual({ onUser: 'actioned', onReview: 'open', hidden: false });

    // Suspending from the review's report settles that report too (the admin acted on it).
    await admin.client.call(restoreUser, {
      params: { id: student.id },
      body: {
        reason: 'Cleared',
      },
    });
    expect((await suspend({ reason: 'Again', reportId: onReview })).status).toBe(200);
    expect(await moderation()).toEqual({ onUser: 'actioned', onReview: 'actioned', hidden: false });
  });

  it('refuses the email-code sign-in of a suspended account', async () => {
    const admin = await createAdmin(suite.app);
    const client = new TestClient(suite.app.url);
    const email = uniqueEmail('student');
    await client.call(signUpEndpoint, {
      body: {
        role: 'student',
        firstName: 'Una',
        lastName: 'Verified',
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        acceptTerms: true,
      },
    });
    const code = codeFrom(await suite.app.inbox.waitFor(email));
    const { id } = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await admin.client.call(suspendUser, {
      params: { id },
      body: {
        reason: 'Fake account',
      },
    });
    const verified = await client.post('/api/auth/verify-email', { email, code });
    expect(verified.status).toBe(403);
    expect(verified.json.error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: S.accountSuspended('Fake account'),
    });
    expect((await client.call(getSession)).user).toBeNull();
  });

  it('refuses to suspend yourself, an admin, a closed account, and checks what it is given', async () => {
    const admin = await createAdmin(suite.app);
    const other = await createAdmin(suite.app);
    const student = await createStudent(suite.app);
    const suspend = (id: string, body: object = { reason: 'No' }) =>
      admin.client.post(`/api/admin/users/${id}/suspend`, body);

    const self = await suspend(admin.id);
    expect(self.status).toBe(400);
    expect(self.json.error.message).toBe(M.cannotSuspendSelf);
    const peer = await suspend(other.id);
    expect(peer.status).toBe(403);
    expect(peer.json.error.message).toBe(M.cannotSuspendAdmin);
    expect((await suspend('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await suspend('not-an-id')).status).toBe(404);
    const empty = await suspend(student.id, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.reason).toBe(M.reasonRequired);
    const long = await suspend(student.id, { reason: 'x'.repeat(1001) });
    expect(long.json.error.fields.reason).toBe(M.reasonTooLong);
    const foreign = await suspend(student.id, {
      reason: 'Spam',
      reportId: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.message).toBe(M.reportNotAboutUser);
    expect((await suspend(student.id, { reason: 'Spam', reportId: 'x' })).status).toBe(400);
    // Nothing happened: the student still works, no audit row was written.
    await student.client.call(getAccount);
    expect(await auditOf(student.id)).toEqual([]);
    await db().updateTable('users').set({ closed_at: NOW }).where('id', '=', student.id).execute();
    const closed = await suspend(student.id);
    expect(closed.status).toBe(409);
    expect(closed.json.error.message).toBe(M.accountClosed);
  });

  it('refuses every users endpoint to guests, students and tutors', async () => {
    const student = await createStudent(suite.app);
    const tutor = await createSignedInTutor(suite.app, MORNING_TEACHING);
    const guest = new TestClient(suite.app.url);
    const calls = (client: TestClient) => [
      client.get('/api/admin/users'),
      client.get(`/api/admin/users/${student.id}`),
      client.post(`/api/admin/users/${student.id}/suspend`, { reason: 'x' }),
      client.post(`/api/admin/users/${student.id}/restore`, { reason: 'x' }),
    ];
    for (const response of await Promise.all(calls(guest))) expect(response.status).toBe(401);
    for (const client of [student.client, tutor.client])
      for (const response of await Promise.all(calls(client))) expect(response.status).toBe(403);
    await student.client.call(getAccount);
  });
});
