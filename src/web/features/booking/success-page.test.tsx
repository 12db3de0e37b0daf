import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutResult } from '../../../contracts/payments.contract';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { RequireAuth } from '../../app/guards/guards';
import { loadPendingBooking } from './pending-booking';
import { bookedLesson, payment } from '../../test/booking-fixtures';
import { signedInStudent } from '../../test/fixtures';
import { apiError, gate, serveSignedIn, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { loadPendingPayment } from './pending-payment';
import { saveCheckoutBeforeLeaving } from '../../test/saved-checkout';
import { SuccessPage } from './success-page';

const CONFIRM = 'POST /api/checkout/sessions/cs_1/confirm';

const result = (fields: Partial<CheckoutResult>): Reply => ({
  json: { outcome: 'booked', payment: payment(), lesson: bookedLesson(), ...fields },
});

function serve(confirm: Reply | (() => Reply | Promise<Reply>)) {
  return serveSignedIn(signedInStudent, { [CONFIRM]: confirm });
}

const openSuccess = (search = '?session_id=cs_1') =>
  renderInApp(
    <RequireAuth>
      <SuccessPage />
    </RequireAuth>,
    { path: `/payment/success${search}` },
  );

const heading = () => screen.findByRole('heading', { level: 1 });
const confirmations = (api: ReturnType<typeof serve>) =>
  api.requests.filter((request) => `${request.method} ${request.url.pathname}` === CONFIRM);

describe('SuccessPage after the provider', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    // Toasts live in the library's store, beyond one test's page.
    toast.remove();
  });

  it('finalizes a paid lesson once: title, tutor, amount, receipt, and the saved checkout cleared', async () => {
    const server = gate();
    const api = serve(async () => {
      await server.opened;
      return result({
        payment: payment({ status: 'completed', receiptUrl: 'https://pay.example/receipt/1' }),
      });
    });
    saveCheckoutBeforeLeaving();
    openSuccess();
    expect(await screen.findByText(M.finalizing)).toBeTruthy();
    await vi.waitFor(() => expect(sessionStorage.getItem('processed_cs_1')).toBe('processing'));

    server.open();
    expect((await heading()).textContent).toBe(P.paymentSuccessful);
    expect(screen.getByText(M.lessonConfirmedText('Ada Tutor'))).toBeTruthy();
    expect(screen.getByText('$33.33')).toBeTruthy();
    expect(screen.getByText('Tuesday, March 9, 2027')).toBeTruthy();
    expect(await screen.findByText(P.paymentSuccessToast)).toBeTruthy();
    const receipt = screen.getByRole('link', { name: new RegExp(P.viewReceipt) });
    expect(receipt.getAttribute('href')).toBe('https://pay.example/receipt/1');
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: M.returnHome }).getAttribute('href')).toBe(
      '/student/overview',
    );
    expect(screen.getByRole('link', { name: M.viewMyLessons }).getAttribute('href')).toBe(
      '/student/lessons',
    );
    expect(sessionStorage.getItem('processed_cs_1')).toBe('completed');
    expect(loadPendingBooking(signedInStudent.id)).toBeNull();
    expect(loadPendingPayment(signedInStudent.id)).toBeNull();
    expect(confirmations(api)).toHaveLength(1);
  });

  it('on a reload asks again and shows the same answer, without a second toast', async () => {
    const api = serve(result({}));
    sessionStorage.setItem('processed_cs_1', 'completed');
    openSuccess();
    expect((await heading()).textContent).toBe(P.paymentSuccessful);
    expect(confirmations(api)).toHaveLength(1);
    expect(screen.queryByText(P.paymentSuccessToast)).toBeNull();
  });

  it('names a package purchase', async () => {
    serve(
      result({
        payment: payment({ kind: 'package', amountCents: 15000, description: 'Starter 5' }),
      }),
    );
    openSuccess();
    expect((await heading()).textContent).toBe(P.packagePurchaseComplete);
    expect(screen.getByText(P.packageConfirmedText('Ada Tutor'))).toBeTruthy();
    expect(screen.getByText('Starter 5')).toBeTruthy();
    expect(screen.getByText('$150.00')).toBeTruthy();
    expect(await screen.findByText(P.packagePurchasedToast)).toBeTruthy();
  });

  it('says the money went back when the slot was taken after the hold lapsed', async () => {
    serve(
      result({
        outcome: 'refunded',
        payment: payment({ status: 'refunded', refundedCents: 3333, refundReason: 'slot_taken' }),
        lesson: null,
      }),
    );
    saveCheckoutBeforeLeaving();
    openSuccess();
    expect((await heading()).textContent).toBe(P.refundedTitle);
    expect(screen.getByText(P.slotTakenRefunded)).toBeTruthy();
    expect(screen.queryByText(P.paymentSuccessful)).toBeNull();
    expect(screen.queryByText(P.paymentSuccessToast)).toBeNull();
    expect(loadPendingBooking(signedInStudent.id)).toBeNull();
  });

  it('says a payment still settling will book the lesson when it clears', async () => {
    serve(result({ outcome: 'processing', lesson: null }));
    openSuccess();
    expect((await heading()).textContent).toBe(P.processingTitle);
    expect(screen.getByText(P.stillProcessing)).toBeTruthy();
    // Not settled yet: the next visit is told as a first one.
    expect(sessionStorage.getItem('processed_cs_1')).toBe('processing');
  });

  it('says an unpaid session was not charged', async () => {
    serve(result({ outcome: 'unpaid', payment: payment({ status: 'expired' }), lesson: null }));
    openSuccess();
    expect((await heading()).textContent).toBe(P.notPaidTitle);
    expect(screen.getByText(P.notPaid)).toBeTruthy();
  });

  it('says an unknown session is not found, and a failure can be asked again', async () => {
    let available = false;
    serve(() =>
      available ? result({}) : apiError('PAYMENT_PROVIDER_FAILED', 'The provider is down'),
    );
    openSuccess();
    expect((await heading()).textContent).toBe(P.finalizeError);
    available = true;
    await userEvent.setup().click(screen.getByRole('button', { name: M.tryAgain }));
    expect((await heading()).textContent).toBe(P.paymentSuccessful);
  });

  it('says so when the session is not the student’s or does not exist', async () => {
    serve(apiError('NOT_FOUND', 'Checkout session not found'));
    openSuccess();
    expect((await heading()).textContent).toBe(P.paymentSessionMissing);
  });
});

describe('SuccessPage after a free trial', () => {
  it('shows the trial lesson as the server booked it', async () => {
    serveSignedIn(signedInStudent, {
      'GET /api/lessons/trial-1': {
        json: { lesson: bookedLesson({ id: 'trial-1', isTrial: true, priceCents: 0 }) },
      },
    });
    openSuccess('?lesson=trial-1');
    expect((await heading()).textContent).toBe(M.trialConfirmed);
    expect(screen.getByText(M.trialConfirmedText('Ada Tutor'))).toBeTruthy();
    expect(screen.getByText(M.free)).toBeTruthy();
  });
});
