import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PackageOffer } from '../../../contracts/packages.contract';
import type { StudentPackageView } from '../../../contracts/payments.contract';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { loadPendingBooking } from './pending-booking';
import {
  bookedLesson,
  boughtPackage,
  MODAL_NOW,
  offer,
  slotsWeek,
  tutor,
  TUTOR_ID,
} from '../../test/booking-fixtures';
import { signedInStudent } from '../../test/fixtures';
import { apiError, serveSignedIn, type ApiRequest, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { BookingModal } from './booking-modal';

// Package mode and package credits in the booking modal, for a student who has had their
// trial with this two-subject tutor; the network answers as the server would.

function serve({
  offers = () => ({ json: { packages: [offer()] } }),
  bought = [],
  schedule = () => ({ status: 201, json: { lesson: bookedLesson(), package: boughtPackage() } }),
}: {
  offers?: (request: ApiRequest) => Reply;
  bought?: StudentPackageView[];
  schedule?: () => Reply;
} = {}) {
  return serveSignedIn(signedInStudent, {
    [`GET /api/tutors/${TUTOR_ID}/trial-eligibility`]: {
      json: { eligible: false, upcomingTrial: null },
    },
    [`GET /api/tutors/${TUTOR_ID}/my-packages`]: { json: { packages: bought } },
    [`GET /api/tutors/${TUTOR_ID}/slots`]: { json: slotsWeek(['2027-03-08']) },
    [`GET /api/tutors/${TUTOR_ID}/packages`]: offers,
    [`POST /api/student-packages/student-package-1/lessons`]: schedule,
  });
}

const openModal = () => renderInApp(<BookingModal tutor={tutor} onClose={() => {}} />);
const continueButton = () => screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement;
const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed') === 'true';
const packageGroup = () => screen.getByRole('group', { name: M.packagesLegend });
const summary = () => screen.getByTestId('booking-summary').textContent;

describe('BookingModal packages', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(MODAL_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
    // Toasts live in the library's store, beyond one test's page.
    toast.remove();
  });

  it('lists the packages for the subject and length, and saves the chosen one for the checkout', async () => {
    const tenLessons: PackageOffer = offer({
      id: 'tutor-package-9',
      name: 'Physics intensive',
      isPlatformPackage: false,
      subjectId: 2,
      numberOfLessons: 10,
      discountPercentage: 0,
      validityDays: 60,
      description: '',
      totalPriceCents: 33330,
    });
    const api = serve({ offers: () => ({ json: { packages: [offer(), tenLessons] } }) });
    const { router } = openModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Physics' }));
    await user.click(await screen.findByRole('button', { name: /^Lesson package/ }));
    expect(screen.getByRole('heading', { name: M.titlePackage })).toBeTruthy();

    const starter = await within(packageGroup()).findByRole('button', { name: /Starter 5/ });
    expect(starter.textContent).toContain('$150.00');
    expect(starter.textContent).toContain('5 lessons · Save 10% · Valid for 90 days');
    expect(starter.textContent).toContain('Five lessons to get going.');
    const intensive = within(packageGroup()).getByRole('button', { name: /Physics intensive/ });
    expect(intensive.textContent).toContain('10 lessons · Valid for 60 days');
    const asked = api.requests.find((request) => request.url.pathname.endsWith('/packages'))!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      subjectId: '2',
      lessonMinutes: '50',
    });

    // A time without a package: Continue waits, and says for what.
    await user.click(screen.getByRole('button', { name: '3:00 PM' }));
    expect(summary()).toContain(M.selectPackage);
    expect(continueButton().disabled).toBe(true);

    await user.click(intensive);
    expect(pressed(intensive)).toBe(true);
    expect(summary()).toContain('$333.30');
    expect(summary()).not.toContain(M.selectPackage);
    await user.click(continueButton());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/checkout'));
    expect(loadPendingBooking(signedInStudent.id)).toMatchObject({
      bookingMode: 'package',
      isTrial: false,
      price: 33330,
      packageId: 'tutor-package-9',
      packageName: 'Physics intensive',
      packageLessons: 10,
      isPlatformPackage: false,
      subjectId: 2,
      subjectName: 'Physics',
      lessonMinutes: 50,
      slotLabel: '15:00-16:00',
    });
  });

  it('clears the chosen package on leaving package mode and on another subject', async () => {
    serve();
    openModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mathematics' }));
    await user.click(await screen.findByRole('button', { name: /^Lesson package/ }));
    const choose = async () => {
      const starter = await within(packageGroup()).findByRole('button', { name: /Starter 5/ });
      await user.click(starter);
      expect(pressed(starter)).toBe(true);
    };
    const chosen = async () =>
      pressed(await within(packageGroup()).findByRole('button', { name: /Starter 5/ }));

    await choose();
    await user.click(screen.getByRole('button', { name: /^Single lesson/ }));
    expect(screen.queryByRole('group', { name: M.packagesLegend })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Lesson package/ }));
    expect(await chosen()).toBe(false);

    await choose();
    await user.click(screen.getByRole('button', { name: 'Physics' }));
    expect(await chosen()).toBe(false);
    expect(summary()).toContain(M.selectPackage);
  });

  it('says when the tutor has no packages, and keeps Continue off', async () => {
    serve({ offers: () => ({ json: { packages: [] } }) });
    openModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mathematics' }));
    await user.click(await screen.findByRole('button', { name: /^Lesson package/ }));
    expect(await within(packageGroup()).findByText(M.noPackages)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '3:00 PM' }));
    expect(continueButton().disabled).toBe(true);
  });

  it('asks for the subject first, then a package, then a time', async () => {
    serve();
    openModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Lesson package/ }));
    expect(summary()).toContain(M.selectSubject);
    await user.click(screen.getByRole('button', { name: 'Mathematics' }));
    expect(summary()).toContain(M.selectPackage);
    await user.click(await within(packageGroup()).findByRole('button', { name: /Starter 5/ }));
    expect(summary()).toContain(M.selectDateTime);
    expect(continueButton().disabled).toBe(true);
  });

  it('books a lesson from a bought package at once, at its length and subject', async () => {
    const api = serve({ bought: [boughtPackage()] });
    const { router } = openModal();
    const user = userEvent.setup();
    const payWith = await screen.findByRole('group', { name: M.payWithLegend });
    const useCredit = within(payWith).getByRole('button', { name: new RegExp(M.useCredit) });
    expect(useCredit.textContent).toContain(`Starter 5 — ${P.creditsLeft(3, 5, 'Mar 12')}`);
    // The credit already paid for is the default (issue #29); paying again is one click away.
    await vi.waitFor(() => expect(pressed(useCredit)).toBe(true));
    expect(pressed(within(payWith).getByRole('button', { name: /Pay for this lesson/ }))).toBe(
      false,
    );
    expect(screen.getByText(M.creditPinsLesson(25, 'Physics'))).toBeTruthy();
    expect(pressed(screen.getByRole('button', { name: 'Physics' }))).toBe(true);
    expect(pressed(screen.getByRole('button', { name: '25 min' }))).toBe(true);
    await vi.waitFor(() =>
      expect(api.requests.at(-1)!.url.searchParams.get('lessonMinutes')).toBe('25'),
    );
    await user.click(await screen.findByRole('button', { name: '3:00 PM' }));
    expect(summary()).toContain(M.fromYourPackage);
    await user.type(screen.getByRole('textbox', { name: /Notes for your tutor/ }), 'Optics');
    await user.click(continueButton());

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/student/schedule'));
    expect(await screen.findByText(P.lessonBookedToast)).toBeTruthy();
    const scheduled = api.requests.find((request) => request.method === 'POST')!;
    expect(scheduled.url.pathname).toBe('/api/student-packages/student-package-1/lessons');
    expect(scheduled.body).toEqual({
      bookingDate: '2027-03-08',
      slotLabel: '15:00-16:00',
      viewerZone: 'UTC',
      notes: 'Optics',
    });
    // No checkout for a lesson already paid for.
    expect(loadPendingBooking(signedInStudent.id)).toBeNull();
  });

  it('drops the package lesson when another length is chosen, and pays instead', async () => {
    serve({ bought: [boughtPackage()] });
    openModal();
    const user = userEvent.setup();
    const payWith = await screen.findByRole('group', { name: M.payWithLegend });
    await user.click(within(payWith).getByRole('button', { name: new RegExp(M.useCredit) }));
    await user.click(screen.getByRole('button', { name: '50 min' }));
    expect(pressed(within(payWith).getByRole('button', { name: /Pay for this lesson/ }))).toBe(
      true,
    );
    expect(screen.queryByText(M.creditPinsLesson(25, 'Physics'))).toBeNull();
  });

  it('shows no credits of a package used up or expired', async () => {
    serve({
      bought: [
        boughtPackage({ id: 'used-up', lessonsLeft: 0 }),
        boughtPackage({ id: 'expired', expiresAt: '2027-03-01T00:00:00.000Z' }),
        boughtPackage({ id: 'unpaid', status: 'awaiting_payment', expiresAt: null }),
      ],
    });
    openModal();
    await screen.findByRole('button', { name: '3:00 PM' });
    expect(screen.queryByRole('group', { name: M.payWithLegend })).toBeNull();
  });

  it('says so when the slot was taken meanwhile, and clears the time', async () => {
    const taken = 'This time slot is no longer available';
    serve({ bought: [boughtPackage()], schedule: () => apiError('SLOT_TAKEN', taken) });
    const { router } = openModal();
    const user = userEvent.setup();
    const payWith = await screen.findByRole('group', { name: M.payWithLegend });
    await user.click(within(payWith).getByRole('button', { name: new RegExp(M.useCredit) }));
    const time = await screen.findByRole('button', { name: '3:00 PM' });
    await user.click(time);
    await user.click(continueButton());
    expect(await screen.findByText(taken)).toBeTruthy();
    await vi.waitFor(() => expect(summary()).toContain(M.selectDateTime));
    expect(router.state.location.pathname).toBe('/');
  });
});
