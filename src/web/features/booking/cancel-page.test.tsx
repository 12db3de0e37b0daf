import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { RequireAuth } from '../../app/guards/guards';
import { clearPendingBooking, loadPendingBooking, savePendingBooking } from './pending-booking';
import { payment, pendingSingle } from '../../test/booking-fixtures';
import { signedInStudent } from '../../test/fixtures';
import { gate, serveSignedIn, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CancelPage } from './cancel-page';
import { loadPendingPayment } from './pending-payment';
import { saveCheckoutBeforeLeaving } from '../../test/saved-checkout';

const CANCEL = 'POST /api/payments/payment-1/cancel';

const booking = pendingSingle;

function serve(cancel: Reply | (() => Reply | Promise<Reply>)) {
  return serveSignedIn(signedInStudent, { [CANCEL]: cancel });
}

const openCancel = (search = '?payment_id=payment-1') =>
  renderInApp(
    <RequireAuth>
      <CancelPage />
    </RequireAuth>,
    { path: `/payment/cancel${search}` },
  );

const canceled: Reply = { json: { payment: payment({ status: 'canceled' }) } };

describe('CancelPage', () => {
  afterEach(() => localStorage.clear());

  it('cancels the payment, says nothing was charged, and Try Again restores the checkout', async () => {
    const server = gate();
    const api = serve(async () => {
      await server.opened;
      return canceled;
    });
    saveCheckoutBeforeLeaving();
    const { router } = openCancel();
    expect(await screen.findByRole('heading', { level: 1, name: P.paymentCancelled })).toBeTruthy();
    expect(screen.getByText(P.noCharge)).toBeTruthy();
    expect(screen.getByRole('link', { name: M.returnHome }).getAttribute('href')).toBe('/');
    // The saved payment is cleared; the slot is released before trying again.
    await vi.waitFor(() => expect(loadPendingPayment(signedInStudent.id)).toBeNull());
    const tryAgain = screen.getByRole('button', { name: M.tryAgain });
    await vi.waitFor(() => expect(tryAgain).toHaveProperty('disabled', true));

    server.open();
    await vi.waitFor(() => expect(tryAgain).toHaveProperty('disabled', false));
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    clearPendingBooking();
    await userEvent.setup().click(tryAgain);
    expect(router.state.location.pathname).toBe('/payment/checkout');
    expect(loadPendingBooking(signedInStudent.id)).toEqual(booking);
    expect(loadPendingPayment(signedInStudent.id)).toMatchObject({ sessionId: 'cs_1' });
  });

  it('adds that a trial was not booked', async () => {
    serve(canceled);
    savePendingBooking({ ...booking, bookingMode: 'trial', isTrial: true, price: 0 });
    openCancel();
    expect(await screen.findByText(P.noCharge + P.trialNotBooked)).toBeTruthy();
  });

  it('goes back on Try Again when nothing was saved', async () => {
    serve(canceled);
    const { router } = openCancel('');
    const tryAgain = await screen.findByRole('button', { name: M.tryAgain });
    await userEvent.setup().click(tryAgain);
    // Opened directly, with no page before it: back means the home page.
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the success page when the payment went through after all', async () => {
    serve({ json: { payment: payment({ status: 'completed' }) } });
    saveCheckoutBeforeLeaving();
    const { router } = openCancel();
    await vi.waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/payment/success?session_id=cs_1',
      ),
    );
  });
});
