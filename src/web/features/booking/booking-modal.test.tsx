import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { singleLessonPriceCents, formatPrice } from '../../../domain/booking/pricing';
import { BOOKING_MESSAGES as M, DISCOVERY_MESSAGES } from '../../../domain/messages';
import { DEFAULT_LESSON_MINUTES } from '../../../domain/scheduling/slot-length';
import { shortDateTime } from '../../lib/lesson-time';
import { loadPendingBooking } from './pending-booking';
import {
  MODAL_NOW as NOW,
  oneSubjectTutor as tutor,
  slotsWeek as week,
  TUTOR_ID,
  tutorWithoutAvailability,
} from '../../test/booking-fixtures';
import { signedInStudent } from '../../test/fixtures';
import { apiError, gate, serveSignedIn, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { BookingModal } from './booking-modal';

function serveBooking({
  eligible = true,
  upcomingTrial = null,
  slots,
}: {
  eligible?: boolean;
  upcomingTrial?: { startTime: string; endTime: string } | null;
  slots: () => Reply | Promise<Reply>;
}) {
  return serveSignedIn(signedInStudent, {
    [`GET /api/tutors/${TUTOR_ID}/trial-eligibility`]: { json: { eligible, upcomingTrial } },
    [`GET /api/tutors/${TUTOR_ID}/my-packages`]: { json: { packages: [] } },
    [`GET /api/tutors/${TUTOR_ID}/slots`]: slots,
  });
}

const openModal = () => renderInApp(<BookingModal tutor={tutor} onClose={() => {}} />);
const continueButton = () => screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement;

describe('BookingModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

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

  it('lets only days with times be chosen: the others are disabled and say they have none', async () => {
    serveBooking({ slots: () => ({ json: week(['2027-03-09', '2027-03-11']) }) });
    openModal();
    const open = await screen.findByRole('button', { name: /^Tue 9,.*1 times$/ });
    const days = within(screen.getByRole('group', { name: 'Days' })).getAllByRole('button');
    const enabled = days.filter((day) => !(day as HTMLButtonElement).disabled);
    expect(enabled.map((day) => day.getAttribute('data-date'))).toEqual([
      '2027-03-09',
      '2027-03-11',
    ]);
    const closed = screen.getByRole('button', { name: /^Wed 10,.*no times$/ }) as HTMLButtonElement;
    expect(closed.disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(closed);
    expect(open.getAttribute('aria-pressed')).toBe('true');
    expect(closed.getAttribute('aria-pressed')).toBe('false');
    // By keyboard, Tab goes from one open day to the next, past the closed one.
    open.focus();
    await user.tab();
    expect(document.activeElement?.getAttribute('data-date')).toBe('2027-03-11');
  });

  it('says the tutor has no open times yet instead of showing empty weeks', async () => {
    serveBooking({ slots: () => ({ json: week() }) });
    renderInApp(<BookingModal tutor={tutorWithoutAvailability} onClose={() => {}} />);
    const note = await screen.findByText(DISCOVERY_MESSAGES.noAvailability);
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next week' })).toBeNull();
    expect(continueButton().disabled).toBe(true);
  });

  it('tells a student who had their trial with this tutor, offers no trial and prices a single lesson', async () => {
    const api = serveBooking({ eligible: false, slots: () => ({ json: week(['2027-03-08']) }) });
    const { router } = openModal();
    expect(await screen.findByText(M.trialUsed)).toBeTruthy();
    expect(screen.getByRole('heading', { name: M.titleSingle })).toBeTruthy();
    // Nothing else in the modal still offers the trial the notice says is used.
    expect(screen.queryByRole('heading', { name: M.titleTrial })).toBeNull();
    expect(screen.getByRole('dialog').textContent).not.toMatch(/free trial|book a trial/i);
    const trial = screen.getByRole('button', { name: /^Trial lesson/ }) as HTMLButtonElement;
    expect(trial.disabled).toBe(true);
    expect(trial.getAttribute('aria-pressed')).toBe('false');
    // $40 an hour for 50 minutes: $33.33, shown on the choice and, once a time is chosen, below.
    const price = formatPrice(singleLessonPriceCents(4000, 50));
    expect(price).toBe('$33.33');
    const single = screen.getByRole('button', { name: /^Single lesson/ });
    expect(single.getAttribute('aria-pressed')).toBe('true');
    expect(single.textContent).toContain(price);
    expect(continueButton().disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '3:00 PM' }));
    expect(screen.getByTestId('booking-summary').textContent).toContain(price);
    await user.click(continueButton());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/checkout'));
    const recheck = api.requests.at(-1)!;
    expect(recheck.url.searchParams.get('days')).toBe('1');
    expect(loadPendingBooking(signedInStudent.id)).toMatchObject({
      bookingMode: 'single',
      isTrial: false,
      price: 3333,
      tutorProfileId: TUTOR_ID,
      tutorName: 'Ada Tutor',
      subjectId: 1,
      subjectName: 'Mathematics',
      bookingDate: '2027-03-08',
      slotLabel: '15:00-16:00',
      lessonMinutes: 50,
      startTime: '2027-03-08T15:00:00.000Z',
    });
  });

  it('says when a booked trial that has not taken place is, rather than that it was had', async () => {
    serveBooking({
      eligible: false,
      upcomingTrial: { startTime: '2027-03-10T15:00:00.000Z', endTime: '2027-03-10T15:50:00.000Z' },
      slots: () => ({ json: week(['2027-03-08']) }),
    });
    openModal();
    expect(
      await screen.findByText(M.trialBookedFor(shortDateTime('2027-03-10T15:00:00.000Z', 'UTC'))),
    ).toBeTruthy();
    expect(screen.queryByText(M.trialUsed)).toBeNull();
    expect(screen.getByRole('heading', { name: M.titleSingle })).toBeTruthy();
  });

  it('shows a failure with Retry, and the times once the retry succeeds', async () => {
    let available = false;
    serveBooking({
      slots: () =>
        available ? { json: week(['2027-03-08']) } : apiError('INTERNAL', 'Database down'),
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
