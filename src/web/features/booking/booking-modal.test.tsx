import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlotsResponse } from '../../../contracts/booking.contract';
import { tutorProfileResponse } from '../../../contracts/tutors.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { DEFAULT_REFERENCE_DATA } from '../../../domain/reference/reference-defaults';
import { DEFAULT_LESSON_MINUTES } from '../../../domain/scheduling/slot-length';
import { signedInStudent } from '../../test/fixtures';
import { apiError, gate, serveApi, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { BookingModal } from './booking-modal';

// The modal opens on Monday 8 March 2027 at noon, in UTC (the test project's zone).
const NOW = new Date('2027-03-08T12:00:00Z');
const WEEK = ['08', '09', '10', '11', '12', '13', '14'].map((day) => `2027-03-${day}`);

const tutor = tutorProfileResponse.parse({
  id: 'tutor-1',
  name: 'Ada Tutor',
  firstName: 'Ada',
  lastName: 'Tutor',
  avatarUrl: null,
  subjects: [{ id: 1, name: 'Mathematics', level: 'Advanced' }],
  languages: [{ name: 'English', level: 'Native' }],
  hourlyRateCents: 4000,
  rating: null,
  totalReviews: 0,
  lessonsCompleted: 0,
  introduction: 'Maths made clear.',
  isVerified: true,
  location: 'Lisbon',
  teachingStyle: 'Patient',
  specializations: [],
  teachingExperience: 5,
  bio: 'Ten years of algebra.',
  education: {
    level: 'Master',
    title: 'Mathematics',
    university: 'Lisbon',
    yearOfGraduation: 2015,
  },
  certificates: [],
  lessonSpecialties: [],
  videoUrl: '',
  availability: { timezone: 'UTC', slots: [] },
  reviews: [],
});

/** The week as the slots endpoint answers it; `open` days get an afternoon slot at 15:00. */
const week = (open: string[] = []): SlotsResponse => ({
  tutorTimezone: 'UTC',
  days: WEEK.map((date, index) => ({
    dateStr: date,
    localDow: (index + 1) % 7,
    slots: open.includes(date)
      ? [
          {
            startTime: `${date}T15:00:00.000Z`,
            endTime: `${date}T16:00:00.000Z`,
            slotLabel: '15:00-16:00',
            period: 'afternoon' as const,
          },
        ]
      : [],
  })),
});

function serveBooking({
  eligible = true,
  slots,
}: {
  eligible?: boolean;
  slots: () => Reply | Promise<Reply>;
}) {
  return serveApi({
    'GET /api/auth/session': { json: { user: signedInStudent } },
    'GET /api/reference': { json: DEFAULT_REFERENCE_DATA },
    'GET /api/tutors/tutor-1/trial-eligibility': { json: { eligible } },
    'GET /api/tutors/tutor-1/slots': slots,
  });
}

const openModal = () => renderInApp(<BookingModal tutor={tutor} onClose={() => {}} />);
const continueButton = () => screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement;

describe('BookingModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the times loading until the slots arrive, then picks the first open day', async () => {
    const server = gate();
    const api = serveBooking({
      slots: async () => {
        await server.opened;
        return { json: week(['2027-03-09']) };
      },
    });
    openModal();
    expect(await screen.findByRole('heading', { name: M.titleTrial })).toBeTruthy();
    expect(screen.getByText('Loading times')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    const asked = api.requests.find((request) => request.url.pathname.endsWith('/slots'));
    expect(Object.fromEntries(asked!.url.searchParams)).toEqual({
      fromDate: '2027-03-08',
      days: '7',
      lessonMinutes: String(DEFAULT_LESSON_MINUTES),
      viewerZone: 'UTC',
    });

    server.open();
    const day = await screen.findByRole('button', { name: /^Tue 9,.*1 times$/ });
    expect(day.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Loading times')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '3:00 PM' }));
    expect(screen.getByTestId('booking-summary').textContent).toContain('Tuesday, March 9');
    expect(continueButton().disabled).toBe(false);
  });

  it('says so when the week has no times, and keeps Continue off', async () => {
    serveBooking({ slots: () => ({ json: week() }) });
    openModal();
    expect(await screen.findByText(M.noSlots)).toBeTruthy();
    const days = within(screen.getByRole('group', { name: 'Days' })).getAllByRole('button');
    for (const day of days) expect(day.getAttribute('aria-label')).toMatch(/no times$/);
    expect(screen.getByText(M.selectDateTime)).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it('tells a student who had their trial with this tutor, and offers no trial', async () => {
    serveBooking({ eligible: false, slots: () => ({ json: week(['2027-03-08']) }) });
    openModal();
    expect(await screen.findByText(M.trialUsed)).toBeTruthy();
    expect(screen.getByRole('heading', { name: M.titleSingle })).toBeTruthy();
    expect(screen.getByText(M.paidSoon)).toBeTruthy();
    const trial = screen.getByRole('button', { name: /^Trial lesson/ }) as HTMLButtonElement;
    expect(trial.disabled).toBe(true);
    expect(trial.getAttribute('aria-pressed')).toBe('false');
    expect(continueButton().disabled).toBe(true);
  });

  it('shows a failure with Retry, and the times once the retry succeeds', async () => {
    let available = false;
    serveBooking({
      slots: () =>
        available ? { json: week(['2027-03-08']) } : apiError(500, 'INTERNAL', 'Database down'),
    });
    openModal();
    // The modal asks twice before giving up (one automatic retry).
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.loadAvailabilityFailed);

    available = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: '3:00 PM' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
