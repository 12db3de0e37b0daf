import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserRow } from '../../../../contracts/admin-users.contract';
import { ADMIN_USERS_MESSAGES as M } from '../../../../domain/messages';
import { serveSignedIn } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { paths } from '../../../lib/paths';
import { signedInAdmin, userRow } from '../../../test/admin-user-fixtures';
import { UsersPage } from './users-page';

// The admin's users search against a fake API: the words come from the address (?q=, what the
// sidebar's box sends), the filters and pages ask the server again, and each user links to
// their page.

function serveUsers(users: AdminUserRow[], totalPages = 1) {
  return serveSignedIn(signedInAdmin, {
    'GET /api/admin/users': ({ url }) => ({
      json: {
        users,
        page: Number(url.searchParams.get('page') ?? 1),
        totalPages,
        total: users.length,
      },
    }),
  });
}

const queries = (requests: { url: URL }[]) =>
  requests
    .filter((request) => request.url.pathname === '/api/admin/users')
    .map((request) => Object.fromEntries(request.url.searchParams));

describe('the admin users page', () => {
  it('searches the words from the address and links each user to their page', async () => {
    const tara = userRow({});
    const sam = userRow({
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Sam Jones',
      email: 'sam@example.com',
      role: 'student',
      status: 'suspended',
      approvalStatus: null,
    });
    const { requests } = serveUsers([tara, sam]);
    renderInApp(<UsersPage />, { path: `${paths.admin.users}?q=tara` });
    expect(await screen.findByText(M.total(2))).toBeTruthy();
    expect(queries(requests)[0]).toEqual({ q: 'tara', page: '1' });
    expect((screen.getByLabelText(M.searchLabel) as HTMLInputElement).value).toBe('tara');
    // The table (from 768 px) and the cards (below) both link to the user page.
    const table = screen.getByRole('table');
    const link = within(table).getByRole('link', { name: 'Tara Quinn' });
    expect(link.getAttribute('href')).toBe(paths.adminUser(tara.id));
    expect(within(table).getByText(M.approvals.pending)).toBeTruthy();
    expect(within(table).getByText(M.statuses.suspended)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sam Jones' })).toHaveLength(2);
  });

  it('asks again with the role, the status and new words, from page 1', async () => {
    const { requests } = serveUsers([userRow({})], 3);
    const { router } = renderInApp(<UsersPage />, { path: `${paths.admin.users}?page=2` });
    await screen.findByText(M.total(1));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(M.roleLabel), 'tutor');
    await waitFor(() =>
      expect(queries(requests).at(-1)).toEqual({ q: '', page: '1', role: 'tutor' }),
    );
    await user.selectOptions(screen.getByLabelText(M.statusLabel), 'suspended');
    await user.type(screen.getByLabelText(M.searchLabel), 'quinn{Enter}');
    await waitFor(() =>
      expect(queries(requests).at(-1)).toEqual({
        q: 'quinn',
        page: '1',
        role: 'tutor',
        status: 'suspended',
      }),
    );
    expect(router.state.location.search).toBe('?role=tutor&status=suspended&q=quinn');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries(requests).at(-1)?.page).toBe('2'));
  });

  it('says when nothing matches', async () => {
    serveUsers([]);
    renderInApp(<UsersPage />, { path: `${paths.admin.users}?q=nobody` });
    expect(await screen.findByText(M.empty)).toBeTruthy();
  });
});
