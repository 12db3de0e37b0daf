import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, EARNINGS_MESSAGES as M } from '../../../domain/messages';
import { signedInStudent } from '../../test/fixtures';
import { apiError, serveApi, type Reply } from '../../test/fake-api';
import { tutorPayoutsFixture } from './payouts-fixture';
import { renderInApp } from '../../test/render';
import type { Earnings, EarningsLesson } from './earnings-api';
import { EarningsPage } from './earnings-page';

const tutorUser = { ...signedInStudent, id: 'tutor-user-1', role: 'tutor' as const };

const lesson = (overrides: Partial<EarningsLesson>): EarningsLesson => ({
  lessonId: 'lesson-1',
  studentName: 'Sam Student',
  subject: 'Mathematics',
  startTime: '2027-02-10T15:00:00.000Z',
  isTrial: false,
  fromPackage: false,
  status: 'completed',
  amountCents: 2500,
  ...overrides,
});

const earnings: Earnings = {
  currency: 'USD',
  totalEarnedCents: 123_450,
  upcomingCents: 4_750,
  months: [
    { month: '2027-02', paidLessons: 3, earnedCents: 7_250 },
    { month: '2027-01', paidLessons: 40, earnedCents: 116_200 },
  ],
  paidLessons: [
    lesson({ lessonId: 'single' }),
    lesson({ lessonId: 'trial', studentName: 'Tia Trial', isTrial: true, amountCents: 0 }),
    lesson({ lessonId: 'pack', studentName: 'Pat Package', fromPackage: true, amountCents: 2250 }),
  ],
  upcomingLessons: [
    lesson({
      lessonId: 'next',
      studentName: 'Una Upcoming',
      subject: 'Physics',
      startTime: '2027-03-20T09:30:00.000Z',
      status: 'scheduled',
      amountCents: 4_750,
    }),
  ],
};

function serveEarnings(reply: () => Reply) {
  return serveApi({
    'GET /api/auth/session': { json: { user: tutorUser } },
    'GET /api/tutor/earnings': reply,
    // The ledger's panel above, without lesson lines (its own tests cover them).
    'GET /api/tutor/payouts': { json: { ...tutorPayoutsFixture, lessons: [] } },
  });
}

const lessonOf = (name: string) =>
  screen.getAllByTestId('earnings-lesson').find((row) => within(row).queryByText(name) !== null)!;

describe('EarningsPage', () => {
  it('shows the totals, each month, and the paid and upcoming lessons with their tags', async () => {
    serveEarnings(() => ({ json: earnings }));
    renderInApp(<EarningsPage />, { path: '/tutor/earnings' });

    const earned = await screen.findByText(M.totalEarned);
    expect(earned.nextElementSibling?.textContent).toBe('$1,234.50');
    expect(screen.getByText(M.upcoming).nextElementSibling?.textContent).toBe('$47.50');

    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [M.month, M.paidLessons, M.earned],
      ['February 2027', '3', '$72.50'],
      ['January 2027', '40', '$1,162.00'],
    ]);

    const paid = screen.getByRole('region', { name: M.paidLessons });
    expect(within(paid).getAllByTestId('earnings-lesson')).toHaveLength(3);
    const single = within(lessonOf('Sam Student'));
    expect(single.getByText('$25.00')).toBeTruthy();
    expect(single.getByText('Feb 10, 2027, 3:00 PM').parentElement?.textContent).toBe(
      'Mathematics · Feb 10, 2027, 3:00 PM',
    );
    expect(single.queryByText(M.trial)).toBeNull();
    expect(single.queryByText(M.fromPackage)).toBeNull();
    const trial = within(lessonOf('Tia Trial'));
    expect(trial.getByText(M.trial)).toBeTruthy();
    expect(trial.getByText(BOOKING_MESSAGES.free)).toBeTruthy();
    expect(within(lessonOf('Pat Package')).getByText(M.fromPackage)).toBeTruthy();

    const upcoming = screen.getByRole('region', { name: M.upcomingLessons });
    const next = within(within(upcoming).getByTestId('earnings-lesson'));
    expect(next.getByText('Una Upcoming')).toBeTruthy();
    expect(next.getByText('Mar 20, 2027, 9:30 AM').parentElement?.textContent).toBe(
      'Physics · Mar 20, 2027, 9:30 AM',
    );
    expect(next.getByText('$47.50')).toBeTruthy();

    expect(screen.getByRole('link', { name: M.managePackages }).getAttribute('href')).toBe(
      '/tutor/packages',
    );
  });

  it('says there are no earnings yet when nothing was booked', async () => {
    serveEarnings(() => ({
      json: {
        currency: 'USD',
        totalEarnedCents: 0,
        upcomingCents: 0,
        months: [],
        paidLessons: [],
        upcomingLessons: [],
      },
    }));
    renderInApp(<EarningsPage />, { path: '/tutor/earnings' });
    expect(await screen.findByText(M.noEarnings)).toBeTruthy();
    expect(screen.getByText(M.totalEarned).nextElementSibling?.textContent).toBe('$0.00');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists one kind of lesson and says the other is empty', async () => {
    serveEarnings(() => ({
      json: { ...earnings, months: [], paidLessons: [], totalEarnedCents: 0 },
    }));
    renderInApp(<EarningsPage />, { path: '/tutor/earnings' });
    expect(await screen.findByText(M.noPaidLessons)).toBeTruthy();
    expect(screen.getByText('Una Upcoming')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers Try Again when loading fails', async () => {
    const user = userEvent.setup();
    let calls = 0;
    serveEarnings(() => {
      calls += 1;
      return calls === 1 ? apiError('INTERNAL', 'Something went wrong') : { json: earnings };
    });
    renderInApp(<EarningsPage />, { path: '/tutor/earnings' });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText(M.loadFailed)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: BOOKING_MESSAGES.tryAgain }));
    expect(await screen.findByText('February 2027')).toBeTruthy();
  });
});
