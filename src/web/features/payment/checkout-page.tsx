import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import {
  cameFromBooking,
  clearPendingBooking,
  loadPendingBooking,
  toBookLessonInput,
  type PendingBooking,
} from '../../components/booking/pending-booking';
import { useLeave } from '../../components/booking/use-leave';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { ApiError, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { CheckoutSummary } from './checkout-summary';
import { useBookLesson } from './payment-api';
import { paths } from '../../lib/paths';

/** /payment/checkout: the pending booking to confirm; without one, a step back (the booking modal). */
export function CheckoutPage() {
  const { user } = useSession();
  const leave = useLeave(paths.signIn);
  const [booking] = useState(() => (user ? loadPendingBooking(user.id) : null));

  useEffect(() => {
    if (booking) return;
    notify.error(M.noPaymentDetails, 'no-payment-details');
    leave();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once, on arrival
  }, []);

  return booking ? <Checkout booking={booking} onCancel={leave} /> : null;
}

function Checkout({ booking, onCancel }: { booking: PendingBooking; onCancel: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const book = useBookLesson();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // A slot taken meanwhile: back to the modal of that tutor, to pick another time.
  const pickAnotherTime = () => {
    clearPendingBooking();
    if (cameFromBooking(location.state)) navigate(-1);
    else navigate(paths.bookingPlan(booking.tutorProfileId), { replace: true });
  };

  const confirm = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const lesson = await book.mutateAsync(toBookLessonInput(booking));
      clearPendingBooking();
      notify.success(M.trialBooked);
      // Replace: Back from the confirmation must not offer to book the same lesson again.
      navigate(paths.paymentSuccess(lesson.id), { replace: true });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        notify.error(error.message);
        pickAnotherTime();
        return;
      }
      // The toast names what failed; the dialog says why, when the server says it.
      notify.error(messageOf(error, M.bookFailed));
      setFailure(messageOf(error, M.unexpectedError));
    }
  };

  const free = booking.price === 0;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{free ? M.confirmTitle : M.checkoutTitle}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Check your lesson, then confirm it.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem] md:items-start">
        <CheckoutSummary booking={booking} />
        <div className="space-y-4">
          {/* Card notes only where a card is asked for: a free trial redirects nowhere. */}
          {!free && (
            <div className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
              <ShieldCheck aria-hidden className="h-5 w-5 shrink-0" />
              <div>
                <h2 className="font-semibold">{M.secureCheckout}</h2>
                <p className="mt-0.5">{M.secureCheckoutNote}</p>
              </div>
            </div>
          )}
          <Button className="w-full" onClick={confirm} disabled={busy}>
            {busy ? M.processing : M.confirmTrial}
          </Button>
          {!free && (
            <p className="text-xs text-slate-600 dark:text-slate-400">{M.redirectNotice}</p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={failure !== null}
        title={M.paymentFailed}
        message={failure}
        cancelLabel="Cancel"
        confirmLabel={M.tryAgain}
        onCancel={onCancel}
        onConfirm={confirm}
        busy={busy}
      />
    </div>
  );
}
