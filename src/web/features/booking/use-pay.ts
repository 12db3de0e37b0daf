import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { toStartCheckoutInput, type PaidBooking } from './pending-booking';
import { ApiError, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { useStartCheckout } from './checkout-api';
import { savePendingPayment } from './pending-payment';

/**
 * What a failed checkout start says: the toast names what failed, the Payment Failed dialog
 * why. A slot taken meanwhile is the server's own sentence; a provider that failed, the spec's.
 */
function failureOf(error: unknown): { toast: string; dialog: string } {
  if (error instanceof ApiError && error.code === 'SLOT_TAKEN')
    return { toast: error.message, dialog: error.message };
  if (error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_FAILED')
    return { toast: P.createSessionFailed, dialog: P.createSessionFailed };
  return { toast: P.processPaymentFailed, dialog: messageOf(error, P.unexpected) };
}

/**
 * Pay: the server holds the slot, records the payment and opens the provider's session; the
 * payment is saved for the pages after the redirect, and the browser leaves for the
 * provider's hosted page. `redirecting` stays true until the page is gone (the non-closable
 * Processing Payment dialog); `failure` is the Payment Failed dialog's message.
 */
export function usePay(booking: PaidBooking) {
  const navigate = useNavigate();
  const location = useLocation();
  const start = useStartCheckout();
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Back from the provider's page may restore this page as it was left (the back-forward
  // cache): the student is here again, not on their way out.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setRedirecting(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const pay = async () => {
    setFailure(null);
    const toastId = notify.loading(P.preparingPayment);
    try {
      const { payment, sessionId, sessionUrl } = await start.mutateAsync(
        toStartCheckoutInput(booking),
      );
      savePendingPayment({ studentId: booking.studentId, sessionId, payment, booking });
      notify.dismiss(toastId);
      setRedirecting(true);
      window.location.assign(sessionUrl);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        // The session ended on this page: sign in, and come back here.
        notify.error(P.loginRequired, toastId);
        navigate(paths.signIn, { replace: true, state: { from: location } });
        return;
      }
      const { toast, dialog } = failureOf(error);
      notify.error(toast, toastId);
      setFailure(dialog);
    }
  };
  return { pay, busy: start.isPending || redirecting, redirecting, failure };
}
