import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { approvalItem, type ApprovalItem } from '../../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../../domain/admin/approval-messages';
import { TUTOR_PROFILE_MESSAGES } from '../../../../domain/messages';
import { tutor } from '../../../test/booking-fixtures';
import { serveSignedIn, type ApiRequest } from '../../../test/fake-api';
import { signedInStudent } from '../../../test/fixtures';
import { queryKeys } from '../../../lib/query-keys';
import { renderInApp } from '../../../test/render';
import { ApprovalsPage } from './approvals-page';

const admin = { ...signedInStudent, role: 'admin' as const };
const OVERVIEW = { activeUsers: 3, pendingVerifications: 2, reportedIssues: 1 };

const entry = (
  id: string,
  firstName: string,
  submittedAt: string,
  fields: Partial<ApprovalItem> = {},
) =>
  approvalItem.parse({
    profileId: id,
    userId: `user-${id}`,
    email: `${firstName.toLowerCase()}@example.com`,
    status: 'pending',
    submittedAt,
    profile: {
      ...tutor,
      id,
      name: `${firstName} Tutor`,
      firstName,
      avatarUrl: `/api/files/${id}.webp`,
      isVerified: false,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
    history: [],
    ...fields,
  });

/** The queue as the server keeps it: oldest first; a decision takes the profile out. */
function serveQueue(items: ApprovalItem[]) {
  let queue = [...items];
  const decisions: ApiRequest[] = [];
  const decide = (request: ApiRequest) => {
    decisions.push(request);
    const id = request.url.pathname.split('/')[4]!;
    const decided = queue.find((item) => item.profileId === id)!;
    queue = queue.filter((item) => item.profileId !== id);
    return {
      json: {
        item: {
          ...decided,
          status: request.url.pathname.endsWith('approve') ? 'approved' : 'rejected',
        },
      },
    };
  };
  const routes = {
    'GET /api/admin/tutor-approvals': () => ({
      json: { items: queue, total: queue.length, page: 1, totalPages: 1 },
    }),
    ...Object.fromEntries(
      items.flatMap((item) => [
        [`POST /api/admin/tutor-approvals/${item.profileId}/approve`, decide],
        [`POST /api/admin/tutor-approvals/${item.profileId}/reject`, decide],
      ]),
    ),
  };
  serveSignedIn(admin, routes);
  return decisions;
}

describe('ApprovalsPage', () => {
  it('shows the oldest profile whole, approves it, confirms, and moves on to the next', async () => {
    const decisions = serveQueue([
      entry('p1', 'Ines', '2026-11-01T09:00:00.000Z', {
        history: [
          {
            decision: 'rejected',
            reason: 'photo',
            reasonLabel: 'Profile photo',
            note: 'Show your face, please.',
            admin: 'Grace Hopper',
            createdAt: '2026-10-30T09:00:00.000Z',
          },
        ],
      }),
      entry('p2', 'Omar', '2026-11-02T09:00:00.000Z'),
    ]);
    const { client } = renderInApp(<ApprovalsPage />, { path: '/admin/approvals' });
    // The sidebar's counts, cached: a decision makes them stale.
    client.setQueryData(queryKeys.adminShell.overview, OVERVIEW);
    const user = userEvent.setup();

    const review = await screen.findByRole('article', { name: 'Ines Tutor' });
    const list = screen.getByRole('navigation', { name: M.queueLabel });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining('Ines Tutor'), expect.stringContaining('Omar Tutor')]);
    expect(within(review).getByRole('img', { name: M.photoAlt('Ines Tutor') })).toBeTruthy();
    expect(
      within(review).getByRole('button', {
        name: TUTOR_PROFILE_MESSAGES.playVideo('Introduction video of Ines Tutor'),
      }),
    ).toBeTruthy();
    expect(within(review).getByText('Show your face, please.')).toBeTruthy();
    expect(within(review).getByText(/Rejected by Grace Hopper/)).toBeTruthy();

    await user.click(within(review).getByRole('button', { name: M.approve }));
    expect(await screen.findByText(M.approved('Ines Tutor'))).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Omar Tutor' })).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(decisions.map((request) => request.url.pathname)).toEqual([
      '/api/admin/tutor-approvals/p1/approve',
    ]);
    expect(client.getQueryState(queryKeys.adminShell.overview)?.isInvalidated).toBe(true);
  });

  it('rejects with a reason and a note, both required, then shows the next profile', async () => {
    const decisions = serveQueue([
      entry('p1', 'Ines', '2026-11-01T09:00:00.000Z'),
      entry('p2', 'Omar', '2026-11-02T09:00:00.000Z'),
    ]);
    renderInApp(<ApprovalsPage />, { path: '/admin/approvals' });
    const user = userEvent.setup();
    const list = await screen.findByRole('navigation', { name: M.queueLabel });
    // The second entry, chosen by keyboard.
    within(list).getAllByRole('button')[1]!.focus();
    await user.keyboard('{Enter}');
    const review = await screen.findByRole('article', { name: 'Omar Tutor' });

    await user.click(within(review).getByRole('button', { name: M.reject }));
    const dialog = await screen.findByRole('dialog', { name: M.rejectTitle('Omar Tutor') });
    await user.click(within(dialog).getByRole('button', { name: M.confirmReject }));
    expect(within(dialog).getByText(M.reasonRequired)).toBeTruthy();
    expect(within(dialog).getByText(M.noteRequired)).toBeTruthy();
    expect(decisions).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Introduction video' }));
    await user.type(within(dialog).getByLabelText(M.noteLabel), 'The video does not play.');
    await user.click(within(dialog).getByRole('button', { name: M.confirmReject }));
    expect(await screen.findByText(M.rejected('Omar Tutor'))).toBeTruthy();
    expect(decisions.map((request) => [request.url.pathname, request.body])).toEqual([
      [
        '/api/admin/tutor-approvals/p2/reject',
        { reason: 'video', note: 'The video does not play.' },
      ],
    ]);
    expect(await screen.findByRole('article', { name: 'Ines Tutor' })).toBeTruthy();
  });

  it('says so when nothing waits for review', async () => {
    serveQueue([]);
    renderInApp(<ApprovalsPage />, { path: '/admin/approvals' });
    expect(await screen.findByText(M.empty)).toBeTruthy();
  });
});
