import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnApproval } from '../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../domain/admin/approval-messages';
import { serveSignedIn } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ApprovalStatusPanel } from './approval-status-panel';

const tutor = { ...signedInStudent, role: 'tutor' as const };
const rejection = {
  decision: 'rejected' as const,
  reason: 'photo' as const,
  reasonLabel: 'Profile photo',
  note: 'Please use a photo where your face is visible.',
  admin: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function serveStatus(status: OwnApproval) {
  let resubmitted = 0;
  serveSignedIn(tutor, {
    'GET /api/tutor/approval': { json: status },
    'POST /api/tutor/approval/resubmit': () => {
      resubmitted += 1;
      return { json: { ...status, status: 'pending' } };
    },
  });
  return () => resubmitted;
}

describe('ApprovalStatusPanel', () => {
  it('tells a pending tutor they wait for review and are listed without the tick', async () => {
    serveStatus({
      status: 'pending',
      submittedAt: rejection.createdAt,
      latestRejection: null,
      history: [],
    });
    renderInApp(<ApprovalStatusPanel />, { path: '/tutor/overview' });
    expect(await screen.findByRole('heading', { name: M.pendingTitle })).toBeTruthy();
    expect(screen.getByText(M.pendingText)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.resubmit })).toBeNull();
  });

  it('shows a rejected tutor the reason and note, links to Edit profile, and resubmits', async () => {
    const resubmitted = serveStatus({
      status: 'rejected',
      submittedAt: '2026-11-19T10:00:00.000Z',
      latestRejection: rejection,
      history: [rejection],
    });
    renderInApp(<ApprovalStatusPanel />, { path: '/tutor/overview' });
    expect(await screen.findByRole('heading', { name: M.rejectedTitle })).toBeTruthy();
    expect(screen.getByText(/Reason: Profile photo/)).toBeTruthy();
    expect(screen.getByText(rejection.note)).toBeTruthy();
    expect(screen.getByRole('link', { name: M.editProfile }).getAttribute('href')).toBe(
      '/tutor/profile',
    );

    const user = userEvent.setup();
    // Asked first: cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: M.resubmit }));
    const confirm = screen.getByRole('dialog', { name: M.resubmitTitle });
    expect(within(confirm).getByText(M.resubmitCheck)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(resubmitted()).toBe(0);

    await user.click(screen.getByRole('button', { name: M.resubmit }));
    await user.click(
      within(screen.getByRole('dialog', { name: M.resubmitTitle })).getByRole('button', {
        name: M.resubmit,
      }),
    );
    expect(await screen.findByText(M.resubmitted)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: M.pendingTitle })).toBeTruthy();
    expect(resubmitted()).toBe(1);
  });

  it('says one short line once approved', async () => {
    serveStatus({
      status: 'approved',
      submittedAt: rejection.createdAt,
      latestRejection: null,
      history: [],
    });
    renderInApp(<ApprovalStatusPanel />, { path: '/tutor/overview' });
    expect(await screen.findByText(M.approvedText)).toBeTruthy();
  });
});
