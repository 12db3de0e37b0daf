import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../../../contracts/auth.contract';
import { adminReport, type AdminReport } from '../../../../contracts/reports.contract';
import { REPORT_MESSAGES as M } from '../../../../domain/messages';
import { apiError, serveSignedIn } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { paths } from '../../../lib/paths';
import { AdminReportsPage } from './admin-reports-page';
import { queryKeys } from '../../../lib/query-keys';

// The admin's reports page against a fake API that keeps its reports: open ones are listed
// with what was reported and by whom; hiding a review or dismissing a report takes it off the
// open list and refreshes the sidebar's counts.

const admin = sessionUser.parse({
  id: 'admin-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  isProfileCompleted: true,
  isEmailVerified: true,
  avatarUrl: null,
  socialAuthProvider: 'none',
  timezone: 'UTC',
});

const person = (id: string, name: string, role: 'student' | 'tutor') => ({
  id,
  name,
  email: `${id}@example.com`,
  role,
});

const onReview = adminReport.parse({
  id: 'report-1',
  kind: 'review',
  status: 'open',
  reason: 'abuse',
  reasonLabel: 'Harassment or offensive language',
  details: 'Insults in the last line.',
  createdAt: '2026-03-01T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: null,
  reporter: person('tutor-user', 'Clara Whitfield', 'tutor'),
  reportedUser: { ...person('student-2', 'Noah Berg', 'student'), isSuspended: false },
  review: {
    id: 'review-9',
    rating: 1,
    text: 'Worst tutor ever.',
    tutorName: 'Clara Whitfield',
    tutorProfileId: 'profile-1',
    hiddenAt: null,
  },
  message: null,
});
const onUser = adminReport.parse({
  ...onReview,
  id: 'report-2',
  kind: 'user',
  reason: 'fraud',
  reasonLabel: 'Scam or payment outside Tutora',
  details: '',
  reporter: person('student-3', 'Rita Moreno', 'student'),
  reportedUser: { ...person('tutor-user', 'Clara Whitfield', 'tutor'), isSuspended: true },
  review: null,
});

const onMessage = adminReport.parse({
  ...onReview,
  id: 'report-3',
  kind: 'message',
  reason: 'fraud',
  reasonLabel: 'Scam or payment outside Tutora',
  details: 'Asked me to pay by bank transfer.',
  reporter: person('student-3', 'Rita Moreno', 'student'),
  reportedUser: { ...person('tutor-user', 'Clara Whitfield', 'tutor'), isSuspended: false },
  review: null,
  message: {
    id: 'message-1',
    text: 'Pay me directly, it is cheaper.',
    sentAt: '2026-03-01T09:00:00.000Z',
    conversationId: 'conversation-1',
  },
});

/** A server holding the reports: actions resolve them, as the real one does. */
function serveReports(reports: AdminReport[], options: { hideFails?: boolean } = {}) {
  let stored = reports;
  const resolve = (id: string, status: 'dismissed' | 'actioned') => {
    stored = stored.map((r) =>
      r.id === id ? { ...r, status, resolvedAt: '2026-03-02T10:00:00.000Z' } : r,
    );
    return stored.find((r) => r.id === id)!;
  };
  return serveSignedIn(admin, {
    'GET /api/admin/reports': (request) => {
      const open = request.url.searchParams.get('status') === 'open';
      const shown = stored.filter((r) => (r.status === 'open') === open);
      return { json: { reports: shown, total: shown.length, nextPage: null } };
    },
    'POST /api/admin/reports/report-2/dismiss': () => ({
      json: { report: resolve('report-2', 'dismissed') },
    }),
    'POST /api/admin/reviews/review-9/hide': () => {
      if (options.hideFails) return apiError('CONFLICT', M.reportNotOpen);
      resolve('report-1', 'actioned');
      return {
        json: { review: { id: 'review-9', hiddenAt: '2026-03-02T10:00:00Z' }, actionedReports: 1 },
      };
    },
  });
}

const openList = () => screen.findByRole('list', { name: M.pageTitle });

describe('the admin reports page', () => {
  it('lists open reports with what, who and why, and links to the reported user', async () => {
    serveReports([onReview, onUser]);
    renderInApp(<AdminReportsPage />);
    const items = within(await openList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading').textContent).toBe('Review: Harassment or offensive language');
    expect(first.getByRole('img', { name: '1 out of 5 stars' })).toBeTruthy();
    expect(first.getByText('Worst tutor ever.')).toBeTruthy();
    expect(first.getByText(M.reviewOf('Clara Whitfield'))).toBeTruthy();
    expect(first.getByText('Insults in the last line.')).toBeTruthy();
    expect(first.getByRole('button', { name: M.hideReview })).toBeTruthy();
    expect(first.getByRole('link', { name: `${M.openUser}: Noah Berg` }).getAttribute('href')).toBe(
      paths.adminUser('student-2'),
    );
    const second = within(items[1]!);
    // A report on a user cannot hide anything; the suspended user is marked.
    expect(second.queryByRole('button', { name: M.hideReview })).toBeNull();
    expect(second.getByText(M.suspended)).toBeTruthy();
    expect(second.getByText(M.noDetails)).toBeTruthy();
    expect(screen.getByRole('button', { name: M.tabOpen }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a reported message with its text and sender, and no action on a review', async () => {
    serveReports([onMessage]);
    renderInApp(<AdminReportsPage />);
    const [item] = within(await openList()).getAllByRole('listitem');
    const report = within(item!);
    expect(report.getByRole('heading').textContent).toBe(
      `${M.kindMessage}: Scam or payment outside Tutora`,
    );
    expect(report.getByText(M.messageFrom('Clara Whitfield'))).toBeTruthy();
    expect(report.getByText('Pay me directly, it is cheaper.')).toBeTruthy();
    expect(report.queryByRole('button', { name: M.hideReview })).toBeNull();
  });

  it('hides a review with a reason: the report leaves the open list, the counts refresh', async () => {
    const user = userEvent.setup();
    const api = serveReports([onReview, onUser]);
    const { client } = renderInApp(<AdminReportsPage />);
    // The sidebar's counts (the admin shell's query), cached as if shown.
    client.setQueryData(queryKeys.adminShell.overview, { counts: 1 });
    const [first] = within(await openList()).getAllByRole('listitem');
    await user.click(within(first!).getByRole('button', { name: M.hideReview }));
    const dialog = await screen.findByRole('dialog', { name: M.hideTitle });
    // A reason is required.
    await user.click(within(dialog).getByRole('button', { name: M.confirmHide }));
    expect(within(dialog).getByText(M.hideReasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: M.hideReasonLabel }), 'Insults');
    await user.click(within(dialog).getByRole('button', { name: M.confirmHide }));

    expect(await screen.findByText(M.hidden)).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.queryByText('Worst tutor ever.')).toBeNull();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'Insults',
      reportId: 'report-1',
    });
    expect(client.getQueryState(queryKeys.adminShell.overview)?.isInvalidated).toBe(true);

    // The resolved tab has it now.
    await user.click(screen.getByRole('button', { name: M.tabResolved }));
    expect(await screen.findByText('Worst tutor ever.')).toBeTruthy();
  });

  it('dismisses with an optional note, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    const api = serveReports([onReview, onUser], { hideFails: true });
    renderInApp(<AdminReportsPage />);
    const items = within(await openList()).getAllByRole('listitem');
    await user.click(within(items[1]!).getByRole('button', { name: M.dismiss }));
    const dialog = await screen.findByRole('dialog', { name: M.dismissTitle });
    await user.click(within(dialog).getByRole('button', { name: M.confirmDismiss }));
    expect(await screen.findByText(M.dismissed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Rita Moreno')).toBeNull());
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ note: '' });

    // Someone else resolved it meanwhile: the server's word is shown, the dialog stays.
    await user.click(screen.getByRole('button', { name: M.hideReview }));
    const hide = await screen.findByRole('dialog', { name: M.hideTitle });
    await user.type(within(hide).getByRole('textbox'), 'Insults');
    await user.click(within(hide).getByRole('button', { name: M.confirmHide }));
    expect((await within(hide).findByRole('alert')).textContent).toBe(M.reportNotOpen);
  });

  it('says when nothing is open', async () => {
    serveReports([]);
    renderInApp(<AdminReportsPage />);
    expect(await screen.findByText(M.noOpen)).toBeTruthy();
  });
});
