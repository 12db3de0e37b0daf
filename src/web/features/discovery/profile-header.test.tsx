import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { tutor, TUTOR_ID } from '../../test/booking-fixtures';
import { serveSignedIn } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { shortDateTime } from '../../lib/lesson-time';
import { ProfileHeader } from './profile-header';

// The profile's booking button follows the student's trial with the tutor (issue #29): the
// spec's "Book Trial Lesson" while it is theirs to book, a lesson once it is used, and the
// booked trial's time while it is still ahead.

const START = '2027-03-10T15:00:00.000Z';

function showHeader(eligibility: {
  eligible: boolean;
  upcomingTrial: { startTime: string; endTime: string } | null;
}) {
  serveSignedIn(signedInStudent, {
    [`GET /api/tutors/${TUTOR_ID}/trial-eligibility`]: { json: eligibility },
  });
  renderInApp(<ProfileHeader tutor={tutor} onReport={() => {}} />, {
    path: `/student/tutors/${TUTOR_ID}`,
  });
}

describe('the profile’s booking button', () => {
  it('offers the trial while the student may still book it', async () => {
    showHeader({ eligible: true, upcomingTrial: null });
    expect(await screen.findByRole('button', { name: M.bookTrialLesson })).toBeTruthy();
    expect(screen.queryByTestId('trial-booked')).toBeNull();
  });

  it('offers a lesson and says when the trial is while it is booked ahead', async () => {
    showHeader({
      eligible: false,
      upcomingTrial: { startTime: START, endTime: '2027-03-10T15:50:00.000Z' },
    });
    expect(await screen.findByRole('button', { name: M.bookLesson })).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.bookTrialLesson })).toBeNull();
    expect(screen.getByTestId('trial-booked').textContent).toBe(
      M.trialBookedFor(shortDateTime(START, signedInStudent.timezone ?? 'UTC')),
    );
  });

  it('offers a lesson, and no trial, once the trial was had', async () => {
    showHeader({ eligible: false, upcomingTrial: null });
    expect(await screen.findByRole('button', { name: M.bookLesson })).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.bookTrialLesson })).toBeNull();
    expect(screen.queryByTestId('trial-booked')).toBeNull();
  });
});
