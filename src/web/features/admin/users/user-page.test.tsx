import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { APPROVAL_MESSAGES } from '../../../../domain/admin/approval-messages';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '../../../../contracts/admin-users.contract';
import { ADMIN_USERS_MESSAGES as M } from '../../../../domain/messages';
import { CLASSROOM_MESSAGES as C } from '../../../../domain/messages/classroom';
import { apiError, serveSignedIn } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { paths, patterns } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { signedInAdmin, userDetail } from '../../../test/admin-user-fixtures';
import { deviceTimeZone } from '../../../lib/account-zone';
import { shortDateTime } from '../../../lib/lesson-time';
import { UserPage } from './user-page';

// A user's page and its suspend dialog against a fake API: what will happen is said first, a
// reason is required, the server's answer replaces the page, and Restore follows.

const tara = userDetail();
// The admin signed in reads times in their account's zone (the fixtures': this device's).
const formatMoment = (iso: string) => shortDateTime(iso, deviceTimeZone());
const at = paths.adminUser(tara.id);

function serveUser(user: AdminUserDetail, suspendReply?: ReturnType<typeof apiError>) {
  let current = user;
  return serveSignedIn(signedInAdmin, {
    [`GET /api/admin/users/${user.id}`]: () => ({ json: current }),
    [`POST /api/admin/users/${user.id}/suspend`]: ({ body }) => {
      if (suspendReply) return suspendReply;
      current = {
        ...current,
        status: 'suspended',
        futureLessons: 0,
        suspension: { at: '2030-01-07T10:00:00.000Z', reason: (body as { reason: string }).reason },
      };
      return { json: current };
    },
    [`POST /api/admin/users/${user.id}/restore`]: () => {
      current = { ...current, status: 'active', suspension: null };
      return { json: current };
    },
    [`POST /api/admin/users/${user.id}/send-back-for-review`]: () => {
      current = { ...current, approvalStatus: 'rejected' };
      return { status: 204 };
    },
    'GET /api/admin/users': { json: { users: [], page: 1, totalPages: 1, total: 0 } },
  });
}

const renderPage = () =>
  renderInApp(
    <Routes>
      <Route path={patterns.adminUser} element={<UserPage />} />
    </Routes>,
    { path: at },
  );

describe('the admin user page', () => {
  it('shows the user, their lessons and the reports about them', async () => {
    serveUser(tara);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tara Quinn' })).toBeTruthy();
    expect(screen.getByText(M.approvals.approved)).toBeTruthy();
    const lessons = screen.getByRole('region', { name: M.lessons });
    expect(within(lessons).getByText('5')).toBeTruthy();
    expect(within(lessons).getByText(/with Sam Jones/)).toBeTruthy();
    const reports = screen.getByRole('region', { name: M.reportsAbout });
    expect(within(reports).getByText('Asked for money by bank transfer')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: M.reportsBy })).getByText(M.noReports),
    ).toBeTruthy();
  });

  it('suspends with a required reason after saying what will happen, then restores', async () => {
    const { requests } = serveUser(tara);
    const { client } = renderPage();
    // The sidebar's counts and a reports list, cached: a suspension makes both stale.
    client.setQueryData(queryKeys.adminShell.overview, { activeUsers: 3 });
    client.setQueryData(queryKeys.adminReports.list('open'), { pages: [], pageParams: [] });
    const stale = (queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.isInvalidated;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: M.suspend }));
    const dialog = screen.getByRole('dialog', { name: M.suspendTitle('Tara Quinn') });
    expect(within(dialog).getByText(M.suspendWhat(2))).toBeTruthy();
    expect(within(dialog).getByText(M.reasonHint)).toBeTruthy();
    expect(M.suspendWhat(2)).toContain('2 future lessons are canceled and refunded');

    // No reason: the server is not asked.
    await user.click(within(dialog).getByRole('button', { name: M.suspend }));
    expect(await within(dialog).findByText(M.reasonRequired)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(M.reasonLabel), 'Payments outside Tutora');
    await user.click(within(dialog).getByRole('button', { name: M.suspend }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/admin/users/${tara.id}/suspend`);
    expect(post.body).toEqual({ reason: 'Payments outside Tutora' });
    expect(await screen.findByText('Payments outside Tutora')).toBeTruthy();
    expect(stale(queryKeys.adminShell.overview)).toBe(true);
    expect(stale(queryKeys.adminReports.list('open'))).toBe(true);

    await user.click(screen.getByRole('button', { name: M.restore }));
    const restore = screen.getByRole('dialog', { name: M.restoreTitle('Tara Quinn') });
    expect(within(restore).getByText(M.restoreWhat)).toBeTruthy();
    // Restoring's reason is for the audit log: the user never reads it, unlike a suspension's.
    expect(within(restore).getByText(M.restoreReasonHint)).toBeTruthy();
    expect(within(restore).queryByText(M.reasonHint)).toBeNull();
    await user.type(within(restore).getByLabelText(M.reasonLabel), 'Cleared');
    await user.click(within(restore).getByRole('button', { name: M.restore }));
    await waitFor(() => expect(screen.getByRole('button', { name: M.suspend })).toBeTruthy());
  });

  it('sends an approved tutor back for review with a reason and a note', async () => {
    const { requests } = serveUser(tara);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: APPROVAL_MESSAGES.sendBack }));
    const dialog = screen.getByRole('dialog', {
      name: APPROVAL_MESSAGES.sendBackTitle('Tara Quinn'),
    });
    expect(within(dialog).getByText(APPROVAL_MESSAGES.sendBackIntro)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Profile photo' }));
    await user.type(
      within(dialog).getByLabelText(new RegExp(APPROVAL_MESSAGES.noteLabel)),
      'Use a photo of your face.',
    );
    await user.click(within(dialog).getByRole('button', { name: APPROVAL_MESSAGES.sendBack }));
    expect(await screen.findByText(APPROVAL_MESSAGES.sentBack('Tara Quinn'))).toBeTruthy();
    const post = requests.find((request) => request.url.pathname.endsWith('/send-back-for-review'));
    expect(post?.body).toEqual({ reason: 'photo', note: 'Use a photo of your face.' });
    // The page reloads the user: no longer approved, nothing to send back.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: APPROVAL_MESSAGES.sendBack })).toBeNull(),
    );
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    serveUser(tara, apiError('CONFLICT', M.alreadySuspended));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: M.suspend }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(M.reasonLabel), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: M.suspend }));
    expect(await screen.findByText(M.alreadySuspended)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("shows a no-show lesson's classroom attendance: who joined and left when, who did not join", async () => {
    const noShow = {
      id: 'lesson-2',
      subject: 'Physics',
      startsAt: '2030-01-08T10:00:00.000Z',
      status: 'no_show',
      as: 'tutor' as const,
      otherName: 'Sam Jones',
    };
    const user = userDetail({ recentLessons: [...tara.recentLessons, noShow] });
    const stay = (joinedAt: string, leftAt: string | null) => ({
      userId: 'student-1',
      name: 'Sam Jones',
      role: 'student',
      joinedAt,
      leftAt,
    });
    const attendance = [
      stay('2030-01-08T09:58:00.000Z', '2030-01-08T10:20:00.000Z'),
      stay('2030-01-08T10:25:00.000Z', null),
    ];
    const { requests } = serveSignedIn(signedInAdmin, {
      [`GET /api/admin/users/${user.id}`]: { json: user },
      [`GET /api/admin/lessons/${noShow.id}/attendance`]: { json: { attendance } },
    });
    renderPage();
    const region = await screen.findByRole('region', { name: C.attendance });
    const lines = await within(region).findAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      C.attendanceRow(
        'Sam Jones',
        formatMoment(attendance[0]!.joinedAt),
        formatMoment(attendance[0]!.leftAt!),
      ),
      C.attendanceRow('Sam Jones', formatMoment(attendance[1]!.joinedAt), null),
      C.attendanceAbsent('Tara Quinn'),
    ]);
    expect(lines[2]!.textContent).toBe('Tara Quinn: did not join');
    // Only the no-show lesson's attendance is asked for.
    expect(screen.getAllByRole('region', { name: C.attendance })).toHaveLength(1);
    expect(requests.some((request) => request.url.pathname.includes('lesson-1'))).toBe(false);
  });

  it('offers no suspension of an admin', async () => {
    serveUser(userDetail({ role: 'admin', approvalStatus: null }));
    renderPage();
    await screen.findByRole('heading', { name: 'Tara Quinn' });
    expect(screen.queryByRole('button', { name: M.suspend })).toBeNull();
  });
});
