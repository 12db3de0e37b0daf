import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { RequireAuth } from '../../app/guards/guards';
import { loadPendingBooking, savePendingBooking, type PendingBooking } from './pending-booking';
import { zoneLabel } from '../../lib/lesson-time';
import { bookedLesson, payment, pendingSingle, tutor, TUTOR_ID } from '../../test/booking-fixtures';
import { signedInStudent } from '../../test/fixtures';
import { apiError, serveSignedIn, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CheckoutPage } from './checkout-page';
import { loadPendingPayment } from './pending-payment';

const single: PendingBooking = { ...pendingSingle, notes: 'Algebra, please' };
const packageBooking: PendingBooking = {
  ...single,
  isTrial: false,
  bookingMode: 'package',
  price: 15000,
  packageId: 'platform_1',
  packageName: 'Starter 5',
  packageLessons: 5,
  isPlatformPackage: true,
};
const trial: PendingBooking = { ...single, bookingMode: 'trial', isTrial: true, price: 0 };

const SESSION_URL = 'http://localhost:3000/checkout/local/cs_1';
const started: Reply = {
  status: 201,
  json: { payment: payment(), sessionId: 'cs_1', sessionUrl: SESSION_URL },
};

function serve(routes: Record<string, Reply | (() => Reply)> = {}) {
  return serveSignedIn(signedInStudent, routes);
}

/** The provider's page is another site: the test keeps the browser's leaving as a call. */
function stubLeaving() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

const openCheckout = (booking: PendingBooking | null) => {
  if (booking) savePendingBooking(booking);
  return renderInApp(
    <RequireAuth>
      <CheckoutPage />
    </RequireAuth>,
    { path: '/payment/checkout' },
  );
};

/** The Payment Summary's rows, label -> value. */
const facts = () =>
  Object.fromEntries(
    within(screen.getByRole('region', { name: M.paymentSummary }))
      .getAllByRole('definition')
      .map((value) => [value.previousElementSibling!.textContent, value.textContent]),
  );

describe('CheckoutPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    // Toasts live in the library's store, beyond one test's page.
    toast.remove();
  });

  it('pays for a single lesson: the provider session opens behind a dialog that cannot be closed', async () => {
    const api = serve({ 'POST /api/checkout': started });
    const assign = stubLeaving();
    openCheckout(single);
    expect(await screen.findByRole('heading', { level: 1, name: M.checkoutTitle })).toBeTruthy();
    expect(facts()).toEqual({
      Tutor: 'Ada Tutor',
      Type: P.singleLessonType,
      Date: 'Tuesday, March 9, 2027',
      Time: `3:00 PM – 3:50 PM${zoneLabel('UTC', single.startTime)}`,
      Duration: '50 minutes',
      Subject: 'Mathematics',
    });
    expect(screen.getByTestId('checkout-total').textContent).toBe('$33.33');
    expect(screen.getByText(P.secureCheckout)).toBeTruthy();
    expect(screen.getByText(P.holdNotice(15))).toBeTruthy();
    expect(screen.getByText(P.redirectNotice)).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: P.pay('$33.33') }));
    const dialog = await screen.findByRole('dialog', { name: P.processingPayment });
    expect(within(dialog).getByText(P.processingPaymentNote)).toBeTruthy();
    expect(within(dialog).queryByRole('button')).toBeNull();
    expect(assign).toHaveBeenCalledWith(SESSION_URL);
    const asked = api.requests.find((request) => request.method === 'POST')!;
    expect(asked.url.pathname).toBe('/api/checkout');
    expect(asked.body).toEqual({
      mode: 'single',
      tutorProfileId: TUTOR_ID,
      subjectId: 1,
      bookingDate: '2027-03-09',
      slotLabel: '15:00-16:00',
      viewerZone: 'UTC',
      lessonMinutes: 50,
      notes: 'Algebra, please',
    });
    expect(loadPendingPayment(signedInStudent.id)).toMatchObject({
      sessionId: 'cs_1',
      payment: { id: 'payment-1' },
      booking: { bookingMode: 'single' },
    });
    expect(screen.getByRole('button', { name: M.processing })).toHaveProperty('disabled', true);

    // Escape (the browser's cancel event on a modal dialog) and a click outside leave it open.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog', { name: P.processingPayment })).toHaveProperty('open', true);
  });

  it('shows a package with its lessons and asks the checkout for that package', async () => {
    const api = serve({ 'POST /api/checkout': started });
    const assign = stubLeaving();
    openCheckout(packageBooking);
    await screen.findByRole('heading', { level: 1, name: M.checkoutTitle });
    expect(facts()).toMatchObject({
      Type: P.packageType,
      Package: 'Starter 5',
      Lessons: P.packageLessonsFirst(5),
    });
    expect(screen.getByTestId('checkout-total').textContent).toBe('$150.00');
    await userEvent.setup().click(screen.getByRole('button', { name: P.pay('$150.00') }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(SESSION_URL));
    expect(api.requests.find((request) => request.method === 'POST')!.body).toMatchObject({
      mode: 'package',
      packageId: 'platform_1',
    });
  });

  it('says the payment failed when the provider does, and Try Again starts it anew', async () => {
    let attempts = 0;
    serve({
      'POST /api/checkout': () =>
        ++attempts === 1 ? apiError('PAYMENT_PROVIDER_FAILED', 'Stripe is down') : started,
    });
    const assign = stubLeaving();
    openCheckout(single);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: P.pay('$33.33') }));
    const failed = await screen.findByRole('dialog', { name: P.paymentFailed });
    expect(within(failed).getByText(P.createSessionFailed)).toBeTruthy();
    // The toast says it too.
    expect(screen.getAllByText(P.createSessionFailed)).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();

    await user.click(within(failed).getByRole('button', { name: M.tryAgain }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(SESSION_URL));
    expect(attempts).toBe(2);
  });

  it("shows the server's reason when the slot was taken, and Cancel goes back", async () => {
    const taken = 'This time slot is no longer available';
    serve({ 'POST /api/checkout': apiError('SLOT_TAKEN', taken) });
    stubLeaving();
    const { router } = openCheckout(single);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: P.pay('$33.33') }));
    const failed = await screen.findByRole('dialog', { name: P.paymentFailed });
    expect(within(failed).getByText(taken)).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: P.cancel }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back the way the student came with Back, asking nothing of the server', async () => {
    const { requests } = serve({});
    const { router } = openCheckout(single);
    await userEvent.setup().click(await screen.findByRole('button', { name: M.checkoutBack }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says an unexpected failure is unexpected', async () => {
    serve({ 'POST /api/checkout': apiError('INTERNAL', 'Something went wrong on our side.') });
    stubLeaving();
    openCheckout(single);
    await userEvent.setup().click(await screen.findByRole('button', { name: P.pay('$33.33') }));
    const failed = await screen.findByRole('dialog', { name: P.paymentFailed });
    expect(within(failed).getByText(P.unexpected)).toBeTruthy();
    expect(await screen.findByText(P.processPaymentFailed)).toBeTruthy();
  });

  it('sends a student whose session ended to sign in, to come back here', async () => {
    serve({ 'POST /api/checkout': apiError('UNAUTHENTICATED', 'Please sign in to continue.') });
    stubLeaving();
    const { router } = openCheckout(single);
    await userEvent.setup().click(await screen.findByRole('button', { name: P.pay('$33.33') }));
    expect(await screen.findByText(P.loginRequired)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/payment/checkout' } });
  });

  it('confirms a free trial without a provider', async () => {
    const api = serve({
      'POST /api/lessons': {
        status: 201,
        json: { lesson: bookedLesson({ id: 'trial-lesson', isTrial: true, priceCents: 0 }) },
      },
    });
    const { router } = openCheckout(trial);
    expect(await screen.findByRole('heading', { level: 1, name: M.confirmTitle })).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe(M.free);
    expect(screen.queryByText(P.redirectNotice)).toBeNull();
    expect(screen.queryByText(P.secureCheckout)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: M.confirmTrial }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?lesson=trial-lesson'));
    expect(api.requests.find((request) => request.method === 'POST')!.url.pathname).toBe(
      '/api/lessons',
    );
  });

  it('says a used trial is used, and offers the same slot as a single lesson', async () => {
    serve({
      'POST /api/lessons': apiError('TRIAL_USED', M.trialUsed),
      [`GET /api/tutors/${TUTOR_ID}`]: { status: 200, json: tutor },
      'POST /api/checkout': started,
    });
    const assign = stubLeaving();
    const { router } = openCheckout(trial);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: M.confirmTrial }));
    // Said on the page, with the slot kept: not sent back to pick another time.
    expect(await screen.findByText(M.trialUsed)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment/checkout');

    await user.click(screen.getByRole('button', { name: M.bookSingleInstead }));
    expect(await screen.findByRole('heading', { level: 1, name: M.checkoutTitle })).toBeTruthy();
    expect(facts()).toMatchObject({ Type: P.singleLessonType, Date: 'Tuesday, March 9, 2027' });
    expect(loadPendingBooking(signedInStudent.id)).toMatchObject({
      bookingMode: 'single',
      price: 3333,
      slotLabel: trial.slotLabel,
    });
    await user.click(screen.getByRole('button', { name: P.pay('$33.33') }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(SESSION_URL));
  });

  it('steps back when there is nothing to pay for', async () => {
    serve();
    const { router } = openCheckout(null);
    expect(await screen.findByText(P.noPaymentDetails)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
