import { XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { loadPendingBooking, savePendingBooking } from './pending-booking';
import { useLeave } from './use-leave';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useCancelCheckout } from './checkout-api';
import { clearPendingPayment, loadPendingPayment, savePendingPayment } from './pending-payment';
import { ResultActions, ResultCard, secondaryLink } from './result-card';

/**
 * /payment/cancel?payment_id=…: the student left the provider's page without paying. The
 * payment is canceled on the server (its slot released now rather than when the hold lapses)
 * and the saved payment cleared; Try Again restores it and the booking, and opens the checkout
 * again (without them, a step back).
 */
export function CancelPage() {
  const { user } = useSession();
  // The payment area is signed-in only: the guard waits for the session.
  return user ? <Cancelled studentId={user.id} /> : null;
}

function Cancelled({ studentId }: { studentId: string }) {
  const paymentId = useSearchParams()[0].get('payment_id');
  const navigate = useNavigate();
  const leave = useLeave(paths.signIn);
  const cancel = useCancelCheckout();
  // Read once, before clearing: what Try Again restores.
  const [saved] = useState(() => loadPendingPayment(studentId));
  const [booking] = useState(() => saved?.booking ?? loadPendingBooking(studentId));
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    clearPendingPayment();
    if (!paymentId) return;
    cancel.mutate(paymentId, {
      // Paid after all (in another tab, or just before leaving): the success page says so.
      onSuccess: (payment) => {
        if (payment.status === 'completed' && saved?.payment.id === payment.id)
          navigate(paths.checkoutResult(saved.sessionId), { replace: true });
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const tryAgain = () => {
    if (!booking) return leave();
    savePendingBooking(booking);
    if (saved) savePendingPayment(saved);
    navigate(paths.payment.checkout, { replace: true });
  };

  return (
    <ResultCard
      icon={XCircle}
      iconClass="text-slate-400"
      title={P.paymentCancelled}
      text={booking?.bookingMode === 'trial' ? P.noCharge + P.trialNotBooked : P.noCharge}
    >
      <ResultActions>
        <Link to={paths.signIn} className={secondaryLink}>
          {M.returnHome}
        </Link>
        {/* The slot is released first, so that trying again can hold it anew. */}
        <Button onClick={tryAgain} disabled={cancel.isPending}>
          {M.tryAgain}
        </Button>
      </ResultActions>
    </ResultCard>
  );
}
