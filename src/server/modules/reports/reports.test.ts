import { describe, expect, it } from 'vitest';
import { REPORT_WINDOW_MINUTES, REPORTS_PER_WINDOW } from '../../../domain/admin/report-rules';
import { ACCOUNT_MESSAGES, REPORT_MESSAGES as M } from '../../../domain/messages';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  createStudents,
  type TestStudent,
} from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import { TestClient } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { announcementsHeard } from '../../test/announced-changes';
import { createAdmin } from '../../test/admin-fixtures';
import {
  createReport,
  dismissReport,
  getAdminReports,
  hideReview,
  restoreReview,
} from '../../../contracts/reports.contract';
import { createReview, getMyReviews, getTutorReviews } from '../../../contracts/reviews.contract';
import { getReviews, getTutorProfile, searchTutors } from '../../../contracts/tutors.contract';

// Reports and review moderation (issue #15), on a fixed clock: the rate limit's window is
// proven by moving the clock past it.
const NOW = new Date('2030-05-06T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (offset: number) => new Date(NOW.getTime() + offset);

describe.each(TEST_DRIVERS)('reports on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClockApp(driver, NOW, (app) => (t = app));
  const db = () => t.database.db;

  /** A tutor with two reviews (5 and 2 stars) by two students, and a third student. */
  async function world() {
    const tutor = await createSignedInTutor(t, { firstName: 'Clara', lastName: 'Whitfield' });
    const author = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
    const critic = await createStudent(t, { firstName: 'Noah', lastName: 'Berg' });
    const reporter = await createStudent(t, { firstName: 'Rita', lastName: 'Moreno' });
    const review = async (student: TestStudent, rating: number, text: string, daysAgo: number) => {
      const lessonId = await createLesson(db(), {
        tutor,
        studentId: student.id,
        start: at(-daysAgo * DAY),
      });
      const response = await student.client.call(createReview, {
        params: { id: lessonId },
        body: {
          rating,
          text,
        },
      });
      return response.review.id as string;
    };
    const kindReview = await review(author, 5, 'Clear explanations and a good plan.', 3);
    const rudeReview = await review(critic, 2, 'Not great, the tutor was late twice.', 2);
    /** The profile as `viewer` sees it once the changes before are announced (ADR 047). */
    const profile = async (viewer: TestStudent = reporter) => {
      await announcementsHeard(t.database);
      const response = await viewer.client.call(getTutorProfile, { params: { id: tutor.id } });
      return response as {
        userId: string;
        rating: number | null;
        totalReviews: number;
        reviews: { id: string; isMine: boolean }[];
      };
    };
    return { tutor, author, critic, reporter, kindReview, rudeReview, profile };
  }

  const reportsOf = (reporterId: string) =>
    db().selectFrom('reports').selectAll().where('reporter_id', '=', reporterId).execute();
  /** The audit records of one admin (the database is shared by the tests of a driver). */
  const auditRows = (adminId: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('admin_id', '=', adminId)
      .orderBy('id')
      .execute();
  /** Earlier tests' open reports out of the admin's queue, so this test's are all it shows. */
  const resolveEarlierReports = () =>
    db()
      .updateTable('reports')
      .set((eb) => ({
        status: 'dismissed',
        resolved_at: at(-DAY),
        resolved_by: eb.ref('reporter_id'),
      }))
      .where('status', '=', 'open')
      .execute();

  it('files reports on a user and a review, once while open, never on oneself', async () => {
    const { tutor, author, critic, reporter, rudeReview, profile } = await world();
    expect((await profile()).userId).toBe(tutor.userId);

    const onTutor = await reporter.client.call(createReport, {
      body: {
        kind: 'user',
        userId: tutor.userId,
        reason: 'fraud',
        details: '  Asked me to pay outside Tutora.  ',
      },
    });
    expect(onTutor.report).toMatchObject({
      kind: 'user',
      status: 'open',
      createdAt: NOW.toISOString(),
    });

    // The review's author is the one reported; a tutor reports too.
    await tutor.client.call(createReport, {
      body: {
        kind: 'review',
        reviewId: rudeReview,
        reason: 'abuse',
      },
    });
    const [stored] = await reportsOf(tutor.userId);
    expect(stored).toMatchObject({
      kind: 'review',
      review_id: rudeReview,
      reported_user_id: critic.id,
      reason: 'abuse',
      details: '',
    });
    expect((await reportsOf(reporter.id))[0]).toMatchObject({
      reported_user_id: tutor.userId,
      details: 'Asked me to pay outside Tutora.',
    });

    // The same thing again while open: the first report, no new row.
    const again = await reporter.client.post('/api/reports', {
      kind: 'user',
      userId: tutor.userId,
      reason: 'spam',
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.report.id).toBe(onTutor.report.id);
    expect(await reportsOf(reporter.id)).toHaveLength(1);

    // Oneself, or one's own review.
    const self = await reporter.client.callError(createReport, {
      body: {
        kind: 'user',
        userId: reporter.id,
        reason: 'spam',
      },
    });
    expect(self.status).toBe(400);
    expect(self.message).toBe(M.cannotReportSelf);
    const ownReview = await critic.client.callError(createReport, {
      body: {
        kind: 'review',
        reviewId: rudeReview,
        reason: 'spam',
      },
    });
    expect(ownReview.status).toBe(400);
    expect(ownReview.message).toBe(M.cannotReportSelf);
    // The author's own review is marked so the page offers no Report on it.
    expect((await profile(critic)).reviews.find((r) => r.id === rudeReview)?.isMine).toBe(true);
    expect((await profile(author)).reviews.find((r) => r.id === rudeReview)?.isMine).toBe(false);
    expect(await reportsOf(critic.id)).toEqual([]);
  });

  it('refuses what cannot be reported with a clear 4xx', async () => {
    const { tutor, reporter } = await world();
    const closed = await createStudent(t, { firstName: 'Gone', lastName: 'Away' });
    await db().updateTable('users').set({ closed_at: NOW }).where('id', '=', closed.id).execute();
    const cases: [unknown, number, string][] = [
      [{ kind: 'user', userId: closed.id, reason: 'spam' }, 404, M.userNotFound],
      [{ kind: 'user', userId: crypto.randomUUID(), reason: 'spam' }, 404, M.userNotFound],
      [{ kind: 'user', userId: 'not-an-id', reason: 'spam' }, 404, M.userNotFound],
      [{ kind: 'review', reviewId: crypto.randomUUID(), reason: 'spam' }, 404, M.reviewNotFound],
      [{ kind: 'message', messageId: crypto.randomUUID(), reason: 'spam' }, 404, M.messageNotFound],
      [{ kind: 'user', userId: tutor.userId, reason: 'rude' }, 400, M.reasonRequired],
      [{ kind: 'user', userId: tutor.userId }, 400, M.reasonRequired],
      [{ kind: 'lesson', userId: tutor.userId, reason: 'spam' }, 400, M.kindRequired],
      [
        { kind: 'user', userId: tutor.userId, reason: 'spam', details: 'x'.repeat(2001) },
        400,
        M.detailsTooLong(2000),
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await reporter.client.post('/api/reports', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json.error.message).toBe(message);
    }
    expect(await reportsOf(reporter.id)).toEqual([]);

    // Guests and admins do not file reports.
    const guest = await new TestClient(t.url).post('/api/reports', {
      kind: 'user',
      userId: tutor.userId,
      reason: 'spam',
    });
    expect(guest.status).toBe(401);
    const admin = await createAdmin(t);
    const byAdmin = await admin.client.callError(createReport, {
      body: {
        kind: 'user',
        userId: tutor.userId,
        reason: 'spam',
      },
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.message).toBe(ACCOUNT_MESSAGES.wrongRole);
  });

  it(`lets a reporter send ${REPORTS_PER_WINDOW} reports per ${REPORT_WINDOW_MINUTES} minutes`, async () => {
    const reporter = await createStudent(t, { firstName: 'Busy', lastName: 'Reporter' });
    const targets = await createStudents(t, REPORTS_PER_WINDOW + 1);
    const report = (target: TestStudent) =>
      reporter.client.post('/api/reports', { kind: 'user', userId: target.id, reason: 'spam' });
    for (const [index, target] of targets.slice(0, REPORTS_PER_WINDOW).entries()) {
      clock.set(at(index * MINUTE));
      expect((await report(target)).status).toBe(201);
    }
    const refused = await report(targets[REPORTS_PER_WINDOW]!);
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toBe(
      M.tooManyReports(REPORTS_PER_WINDOW, REPORT_WINDOW_MINUTES),
    );
    // The first report leaves the window 60 minutes after it was sent, 56 minutes from now.
    expect(refused.headers.get('retry-after')).toBe(String(56 * 60));
    // An open report asked again is still answered: it files nothing new.
    expect((await report(targets[0]!)).status).toBe(200);
    expect(await reportsOf(reporter.id)).toHaveLength(REPORTS_PER_WINDOW);

    // A second process would count the same rows; a minute before the window ends, still refused.
    clock.set(at(REPORT_WINDOW_MINUTES * MINUTE - 1000));
    expect((await report(targets[REPORTS_PER_WINDOW]!)).status).toBe(429);
    clock.set(at(REPORT_WINDOW_MINUTES * MINUTE));
    expect((await report(targets[REPORTS_PER_WINDOW]!)).status).toBe(201);
    expect(await reportsOf(reporter.id)).toHaveLength(REPORTS_PER_WINDOW + 1);
  });

  it('lists open reports for the admin and dismisses one, with an audit record', async () => {
    const { tutor, critic, reporter, rudeReview } = await world();
    const admin = await createAdmin(t);
    await resolveEarlierReports();
    const first = await reporter.client.call(createReport, {
      body: {
        kind: 'user',
        userId: tutor.userId,
        reason: 'fraud',
        details: 'Asked for cash.',
      },
    });
    clock.set(at(MINUTE));
    const second = await tutor.client.call(createReport, {
      body: {
        kind: 'review',
        reviewId: rudeReview,
        reason: 'abuse',
      },
    });
    await db()
      .updateTable('users')
      .set({ suspended_at: NOW, suspension_reason: 'Fraud' })
      .where('id', '=', critic.id)
      .execute();

    const open = await admin.client.call(getAdminReports, { query: { status: 'open' } });
    expect(open.total).toBe(2);
    expect(open.nextPage).toBeNull();
    // Oldest first.
    expect(open.reports.map((r: { id: string }) => r.id)).toEqual([
      first.report.id,
      second.report.id,
    ]);
    expect(open.reports[0]).toMatchObject({
      kind: 'user',
      status: 'open',
      reason: 'fraud',
      reasonLabel: 'Scam or payment outside Tutora',
      details: 'Asked for cash.',
      createdAt: NOW.toISOString(),
      resolvedAt: null,
      reporter: { id: reporter.id, name: 'Rita Moreno', email: reporter.email, role: 'student' },
      reportedUser: {
        id: tutor.userId,
        name: 'Clara Whitfield',
        email: tutor.email,
        role: 'tutor',
        isSuspended: false,
      },
      review: null,
    });
    expect(open.reports[1]).toMatchObject({
      kind: 'review',
      reporter: { id: tutor.userId, role: 'tutor' },
      reportedUser: { id: critic.id, name: 'Noah Berg', isSuspended: true },
      review: {
        id: rudeReview,
        rating: 2,
        text: 'Not great, the tutor was late twice.',
        tutorName: 'Clara Whitfield',
        tutorProfileId: tutor.id,
        hiddenAt: null,
      },
    });

    clock.set(at(2 * MINUTE));
    const dismissed = await admin.client.call(dismissReport, {
      params: { id: first.report.id },
      body: { note: '  Paid through Tutora, checked.  ' },
    });
    expect(dismissed.report).toMatchObject({
      status: 'dismissed',
      resolvedAt: at(2 * MINUTE).toISOString(),
      resolvedBy: 'Ada Admin',
      resolutionNote: 'Paid through Tutora, checked.',
    });
    const again = await admin.client.callError(dismissReport, {
      params: { id: first.report.id },
      body: {
        note: '',
      },
    });
    expect(again.status).toBe(409);
    expect(again.message).toBe(M.reportNotOpen);
    const unknown = await admin.client.callError(dismissReport, {
      params: { id: crypto.randomUUID() },
      body: {
        note: '',
      },
    });
    expect(unknown.status).toBe(404);

    const stillOpen = await admin.client.call(getAdminReports, { query: {} });
    expect(stillOpen.reports.map((r: { id: string }) => r.id)).toEqual([second.report.id]);
    const resolved = await admin.client.call(getAdminReports, { query: { status: 'resolved' } });
    // Newest first: the one just dismissed leads.
    expect(resolved.reports[0]!.id).toBe(first.report.id);
    expect(await auditRows(admin.id)).toEqual([
      expect.objectContaining({
        admin_id: admin.id,
        action: 'report_dismissed',
        target_user_id: tutor.userId,
        report_id: first.report.id,
        review_id: null,
        reason: 'Paid through Tutora, checked.',
        created_at: at(2 * MINUTE),
      }),
    ]);
    // Once resolved, the same thing can be reported again.
    await reporter.client.call(createReport, {
      body: {
        kind: 'user',
        userId: tutor.userId,
        reason: 'fraud',
      },
    });
  });

  it('hides a review from the profile, its count and its average, and restores it', async () => {
    const { tutor, author, critic, reporter, rudeReview, kindReview, profile } = await world();
    const admin = await createAdmin(t);
    expect(await profile()).toMatchObject({ rating: 3.5, totalReviews: 2 });
    const reportReview = (by: { client: TestClient }, reviewId: string, reason: 'abuse' | 'fake') =>
      by.client.call(createReport, { body: { kind: 'review', reviewId, reason } });
    const byTutor = await reportReview(tutor, rudeReview, 'abuse');
    const byStudent = await reportReview(reporter, rudeReview, 'fake');
    const onKind = await reportReview(reporter, kindReview, 'fake');

    // A report on another review is refused, and hides nothing.
    const mismatch = await admin.client.callError(hideReview, {
      params: { id: rudeReview },
      body: {
        reason: 'Offensive',
        reportId: onKind.report.id,
      },
    });
    expect(mismatch.status).toBe(409);
    expect(mismatch.message).toBe(M.reportNotOfReview);
    const noReason = await admin.client.callError(hideReview, {
      params: { id: rudeReview },
      body: {
        reason: '   ',
      },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.message).toBe(M.hideReasonRequired);

    clock.set(at(MINUTE));
    const hidden = await admin.client.call(hideReview, {
      params: { id: rudeReview },
      body: {
        reason: 'Offensive language',
        reportId: byTutor.report.id,
      },
    });
    expect(hidden).toEqual({
      review: { id: rudeReview, hiddenAt: at(MINUTE).toISOString() },
      actionedReports: 2,
    });

    // Gone from the profile, its count and its average; from the tutor's own list too.
    const after = await profile();
    expect(after).toMatchObject({ rating: 5, totalReviews: 1 });
    expect(after.reviews.map((r) => r.id)).toEqual([kindReview]);
    const page = await reporter.client.call(getReviews, {
      params: { id: tutor.id },
      query: { page: '1' },
    });
    expect(page.total).toBe(1);
    expect(page.reviews.map((r: { id: string }) => r.id)).toEqual([kindReview]);
    const tutorsOwn = await tutor.client.call(getTutorReviews, { query: {} });
    expect(tutorsOwn.total).toBe(1);
    expect(tutorsOwn.reviews.map((r: { id: string }) => r.id)).toEqual([kindReview]);
    const search = await reporter.client.call(searchTutors, { query: {} });
    expect(search.tutors[0]).toMatchObject({ id: tutor.id, rating: 5, totalReviews: 1 });
    // Its author still sees it among their own reviews.
    const own = await critic.client.call(getMyReviews);
    expect(own.editable.map((r: { id: string }) => r.id)).toContain(rudeReview);
    // A hidden review cannot be reported any more.
    const late = await author.client.callError(createReport, {
      body: {
        kind: 'review',
        reviewId: rudeReview,
        reason: 'spam',
      },
    });
    expect(late.status).toBe(404);

    // Both open reports on it were actioned; the report on the other review is still open.
    const statuses = await db()
      .selectFrom('reports')
      .select(['id', 'status', 'resolved_by', 'resolved_at'])
      .execute();
    const statusOf = (id: string) => statuses.find((row) => row.id === id);
    for (const id of [byTutor.report.id, byStudent.report.id])
      expect(statusOf(id)).toMatchObject({
        status: 'actioned',
        resolved_by: admin.id,
        resolved_at: at(MINUTE),
      });
    expect(statusOf(onKind.report.id)?.status).toBe('open');

    // Acting on a resolved report, or hiding twice, is a conflict.
    const twice = await admin.client.callError(hideReview, {
      params: { id: rudeReview },
      body: {
        reason: 'Again',
        reportId: byStudent.report.id,
      },
    });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe(M.reportNotOpen);
    const hiddenTwice = await admin.client.callError(hideReview, {
      params: { id: rudeReview },
      body: {
        reason: 'Again',
      },
    });
    expect(hiddenTwice.status).toBe(409);
    expect(hiddenTwice.message).toBe(M.alreadyHidden);
    const dismissResolved = await admin.client.callError(dismissReport, {
      params: { id: byStudent.report.id },
      body: { note: '' },
    });
    expect(dismissResolved.status).toBe(409);

    clock.set(at(2 * MINUTE));
    const restored = await admin.client.call(restoreReview, {
      params: { id: rudeReview },
      body: {
        reason: 'Reviewed again: fair criticism',
      },
    });
    expect(restored.review).toEqual({ id: rudeReview, hiddenAt: null });
    const back = await profile();
    expect(back).toMatchObject({ rating: 3.5, totalReviews: 2 });
    // Both were written at the same minute: their order is the ids'.
    expect(back.reviews.map((r) => r.id).sort()).toEqual([rudeReview, kindReview].sort());
    const restoreTwice = await admin.client.callError(restoreReview, {
      params: { id: rudeReview },
      body: {
        reason: '',
      },
    });
    expect(restoreTwice.status).toBe(409);
    expect(restoreTwice.message).toBe(M.notHidden);
    const unknown = await admin.client.callError(hideReview, {
      params: { id: crypto.randomUUID() },
      body: {
        reason: 'x',
      },
    });
    expect(unknown.status).toBe(404);

    expect(await auditRows(admin.id)).toEqual([
      expect.objectContaining({
        admin_id: admin.id,
        action: 'review_hidden',
        target_user_id: critic.id,
        review_id: rudeReview,
        report_id: byTutor.report.id,
        reason: 'Offensive language',
        created_at: at(MINUTE),
      }),
      expect.objectContaining({
        admin_id: admin.id,
        action: 'review_restored',
        target_user_id: critic.id,
        review_id: rudeReview,
        report_id: null,
        reason: 'Reviewed again: fair criticism',
        created_at: at(2 * MINUTE),
      }),
    ]);
  });

  it('refuses every admin endpoint to guests, students and tutors', async () => {
    const { tutor, reporter, rudeReview } = await world();
    const filed = await reporter.client.call(createReport, {
      body: {
        kind: 'review',
        reviewId: rudeReview,
        reason: 'abuse',
      },
    });
    const id = filed.report.id as string;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/reports', undefined],
      ['POST', `/api/admin/reports/${id}/dismiss`, { note: '' }],
      ['POST', `/api/admin/reviews/${rudeReview}/hide`, { reason: 'x', reportId: id }],
      ['POST', `/api/admin/reviews/${rudeReview}/restore`, { reason: '' }],
    ];
    const guest = new TestClient(t.url);
    for (const [method, path, body] of calls) {
      expect((await guest.request(method, path, body)).status, path).toBe(401);
      for (const client of [reporter.client, tutor.client])
        expect((await client.request(method, path, body)).status, path).toBe(403);
    }
    expect((await reportsOf(reporter.id))[0]?.status).toBe('open');
    const audited = await db()
      .selectFrom('audit_log')
      .select('id')
      .where((eb) => eb.or([eb('report_id', '=', id), eb('review_id', '=', rudeReview)]))
      .execute();
    expect(audited).toEqual([]);
  });
});
