import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { REPORT_WINDOW_MINUTES, REPORTS_PER_WINDOW } from '../../../domain/admin/report-rules';
import { REPORT_MESSAGES as M } from '../../../domain/messages';
import { TutorProfilePage } from '../../features/discovery/tutor-profile-page';
import { TUTOR_ID, tutor } from '../../test/booking-fixtures';
import { apiError, serveSignedIn, type Reply } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderRouter } from '../../test/render';
import { paths, patterns } from '../../lib/paths';

// The report dialog as a student meets it on a tutor's profile, against a fake API: Report tutor
// and Report on someone else's review open the one dialog; the server's refusals are shown.

const review = (id: string, studentName: string, isMine: boolean) => ({
  id,
  rating: 2,
  comment: 'The tutor was late twice.',
  studentName,
  createdAt: '2026-03-01T10:00:00.000Z',
  isMine,
  reply: null,
});

function showProfile(report: (body: unknown) => Reply) {
  const api = serveSignedIn(signedInStudent, {
    [`GET /api/tutors/${TUTOR_ID}`]: {
      json: {
        ...tutor,
        rating: 2,
        totalReviews: 2,
        reviews: [review('review-1', 'Noah B.', false), review('review-2', 'Sam S.', true)],
      },
    },
    [`GET /api/tutors/${TUTOR_ID}/trial-eligibility`]: {
      json: { eligible: true, upcomingTrial: null },
    },
    'POST /api/reports': (request) => report(request.body),
  });
  const router = createMemoryRouter(
    [{ path: patterns.tutorProfile, element: <TutorProfilePage /> }],
    {
      initialEntries: [paths.tutorProfile(TUTOR_ID)],
    },
  );
  renderRouter(router, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return api;
}

const filed = {
  status: 201,
  json: { report: { id: 'r1', kind: 'review', status: 'open', createdAt: '2026-03-02T10:00:00Z' } },
};

describe('the report dialog', () => {
  it('reports someone else’s review with a reason and details, never one’s own', async () => {
    const user = userEvent.setup();
    const api = showProfile(() => filed);
    await screen.findByRole('button', { name: M.reportReviewLabel('Noah B.') });
    // Sam's own review has no Report.
    expect(screen.queryByRole('button', { name: M.reportReviewLabel('Sam S.') })).toBeNull();

    await user.click(screen.getByRole('button', { name: M.reportReviewLabel('Noah B.') }));
    const dialog = await screen.findByRole('dialog', { name: M.dialogTitleReview });
    // A reason is required before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: M.submit }));
    expect(within(dialog).getByRole('alert').textContent).toBe(M.reasonRequired);
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(
      within(dialog).getByRole('radio', { name: 'Harassment or offensive language' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: M.detailsLabel }), 'Rude words');
    expect(within(dialog).getByText('10/2000')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: M.submit }));

    expect(await screen.findByText(M.sent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'review',
      reviewId: 'review-1',
      reason: 'abuse',
      details: 'Rude words',
    });
  });

  it('reports the tutor, and shows the server’s refusal when there were too many reports', async () => {
    const user = userEvent.setup();
    const tooMany = M.tooManyReports(REPORTS_PER_WINDOW, REPORT_WINDOW_MINUTES);
    const api = showProfile(() => apiError('RATE_LIMITED', tooMany));
    await user.click(await screen.findByRole('button', { name: M.reportTutor }));
    const dialog = await screen.findByRole('dialog', { name: M.dialogTitleUser('Ada Tutor') });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: M.submit }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(tooMany);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'user',
      userId: tutor.userId,
      reason: 'spam',
      details: '',
    });

    // Cancel closes it; opened again, it starts blank.
    await user.click(within(dialog).getByRole('button', { name: M.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: M.reportTutor }));
    const again = await screen.findByRole('dialog');
    expect(within(again).queryByRole('alert')).toBeNull();
    expect(
      within(again).getByRole<HTMLInputElement>('radio', { name: 'Spam or advertising' }).checked,
    ).toBe(false);
  });
});
