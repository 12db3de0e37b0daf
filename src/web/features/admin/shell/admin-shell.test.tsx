import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_COUNTS_CHANGED,
  auditEntryView,
  type AuditEntryView,
} from '../../../../contracts/admin.contract';
import { sessionUser } from '../../../../contracts/auth.contract';
import { createQueryClient } from '../../../app/query-client';
import { decideProtected } from '../../../app/guards/route-decision';
import { routes } from '../../../app/router';
import { paths } from '../../../lib/paths';
import { serveSignedIn } from '../../../test/fake-api';
import { signedInStudent } from '../../../test/fixtures';
import { renderRouter } from '../../../test/render';

// The admin console's shell and overview against a fake API, through the app's own route
// table: the sidebar's search and counts, the overview's cards and recent actions.

const signedInAdmin = sessionUser.parse({ ...signedInStudent, id: 'admin-1', role: 'admin' });

const entry = (fields: Partial<AuditEntryView>) =>
  auditEntryView.parse({
    id: 1,
    action: 'admin_granted',
    admin: null,
    target: { id: 'admin-1', name: 'Sam Student', email: 'sam@example.com' },
    reason: '',
    reportId: null,
    reviewId: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...fields,
  });

function openAdmin(
  path: string,
  counts: () => object = () => ({ activeUsers: 42, pendingVerifications: 3, reportedIssues: 1 }),
) {
  const entries = [
    entry({
      id: 2,
      action: 'user_suspended',
      admin: { id: 'admin-1', name: 'Sam Student', email: 'sam@example.com' },
      target: { id: 'user-9', name: 'Rex Spammer', email: 'rex@example.com' },
      reason: 'Sent spam to tutors',
    }),
    entry({ id: 1 }),
  ];
  const api = serveSignedIn(signedInAdmin, {
    'GET /api/admin/overview': () => ({ json: counts() }),
    'GET /api/admin/audit': { json: { entries, page: 1, totalPages: 1, total: 2 } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderRouter(router, createQueryClient(router));
  return { api, router };
}

/** The browser's WebSocket at the boundary: the test plays the server's pushes. */
class FakeSocket {
  static latest: FakeSocket | undefined;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.latest = this;
  }
  close() {}
  push(frame: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

describe('the admin shell', () => {
  it('changes the sidebar’s Reported issues at once when the live socket says a report came or went', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    try {
      let reported = 1;
      openAdmin(paths.admin.overview, () => ({
        activeUsers: 42,
        pendingVerifications: 3,
        reportedIssues: reported,
      }));
      const sidebar = within(await screen.findByRole('region', { name: 'Platform' }));
      await sidebar.findByRole('link', { name: 'Reported issues 1' });
      // A student files a report: the server pushes the event to the admin's tab.
      reported = 2;
      FakeSocket.latest!.push(ADMIN_COUNTS_CHANGED);
      await sidebar.findByRole('link', { name: 'Reported issues 2' });
      reported = 0;
      FakeSocket.latest!.push(ADMIN_COUNTS_CHANGED);
      await sidebar.findByRole('link', { name: 'Reported issues 0' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the three counts in the sidebar, each linking to its page', async () => {
    openAdmin(paths.admin.overview);
    const sidebar = within(await screen.findByRole('region', { name: 'Platform' }));
    const active = await sidebar.findByRole('link', { name: 'Active users 42' });
    expect(active.getAttribute('href')).toBe(paths.admin.users);
    expect(
      sidebar.getByRole('link', { name: 'Pending verifications 3' }).getAttribute('href'),
    ).toBe(paths.admin.approvals);
    expect(sidebar.getByRole('link', { name: 'Reported issues 1' }).getAttribute('href')).toBe(
      paths.admin.reports,
    );
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Tutor approvals',
      'Reports',
      'Users',
      'Audit log',
      'Finance',
    ]);
    // An admin has no bell (no notifications are addressed to admins).
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('searches users and tutors on the users page', async () => {
    const { router } = openAdmin(paths.admin.overview);
    // Where the app went (the users page is another part's route: without it, the admin
    // layout's catch-all brings the admin back to the overview).
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    const search = await screen.findByRole('searchbox', { name: 'Search users and tutors' });
    await userEvent.type(search, 'Rex Spammer{Enter}');
    await waitFor(() => expect(visited).toContain(`${paths.admin.users}?q=Rex+Spammer`));
  });

  it('shows the overview: count cards and the latest admin actions as sentences', async () => {
    openAdmin(paths.admin.root);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(
      (await main.findByRole('link', { name: 'Review tutor profiles' })).getAttribute('href'),
    ).toBe(paths.admin.approvals);
    const recent = within(main.getByRole('region', { name: 'Recent admin activity' }));
    expect(
      await recent.findByText('Sam Student suspended Rex Spammer (rex@example.com)'),
    ).toBeTruthy();
    expect(
      recent.getByText('Command line made Sam Student (sam@example.com) an admin'),
    ).toBeTruthy();
    expect(recent.getByText('Sent spam to tutors')).toBeTruthy();
    expect(recent.getByRole('link', { name: 'See the full audit log' }).getAttribute('href')).toBe(
      paths.admin.audit,
    );
  });

  it('lists the audit log page', async () => {
    openAdmin(paths.admin.audit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect(
      await screen.findByText('Sam Student suspended Rex Spammer (rex@example.com)'),
    ).toBeTruthy();
  });

  it('sends students and tutors away from /admin, and an admin to the admin overview', () => {
    const user = (role: 'student' | 'tutor' | 'admin') => ({
      isLoading: false,
      user: { role, isProfileCompleted: true },
    });
    expect(decideProtected(user('student'), 'admin')).toEqual({
      kind: 'redirect',
      to: paths.student.overview,
    });
    expect(decideProtected(user('tutor'), 'admin')).toEqual({
      kind: 'redirect',
      to: paths.tutor.overview,
    });
    expect(decideProtected(user('admin'), 'student')).toEqual({
      kind: 'redirect',
      to: paths.admin.overview,
    });
    expect(decideProtected(user('admin'), 'admin')).toEqual({ kind: 'allow' });
  });
});
