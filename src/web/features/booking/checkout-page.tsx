import { ArrowLeft, Clock, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { DEFAULT_HOLD_MINUTES } from '../../../domain/payments/payment-rules';
import { getTutorProfile } from '../../../contracts/tutors.contract';
import {
  asSingleLesson,
  cameFromBooking,
  clearPendingBooking,
  loadPendingBooking,
  savePendingBooking,
  toBookLessonInput,
  type PaidBooking,
  type PendingBooking,
} from './pending-booking';
import { useLeave } from './use-leave';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, call, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { CheckoutSummary } from './checkout-summary';
import { useBookLesson } from './booking-api';
import { usePay } from './use-pay';

/**
 * /payment/checkout: the pending booking to confirm (a free trial) or pay for (a lesson or a
 * package). Signed out: sign in first, and back here. Nothing saved: a step back (the modal).
 */
export function CheckoutPage() {
  const { user, isInitialized } = useSession();
  if (!isInitialized) return null;
  return user ? <SavedCheckout studentId={user.id} /> : <SignInFirst />;
}

function SignInFirst() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    notify.error(P.loginRequired, 'login-required');
    navigate(paths.signIn, { replace: true, state: { from: location } });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  return null;
}

function SavedCheckout({ studentId }: { studentId: string }) {
  const leave = useLeave(paths.signIn);
  const [booking, setBooking] = useState(() => loadPendingBooking(studentId));

  useEffect(() => {
    if (booking) return;
    notify.error(P.noPaymentDetails, 'no-payment-details');
    leave();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once, on arrival
  }, []);

  if (!booking) return null;
  return booking.bookingMode === 'trial' ? (
    <TrialCheckout
      booking={booking}
      onCancel={leave}
      onSingle={(single) => {
        savePendingBooking(single);
        setBooking(single);
      }}
    />
  ) : (
    <PaidCheckout booking={booking} onCancel={leave} />
  );
}

/**
 * A free trial is confirmed here: no provider, no redirect. A trial already used (booked in
 * another tab, say) is said so, with the same slot offered as a paid single lesson.
 */
function TrialCheckout({
  booking,
  onCancel,
  onSingle,
}: {
  booking: PendingBooking;
  onCancel: () => void;
  onSingle: (single: PaidBooking) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const book = useBookLesson();
  const [failure, setFailure] = useState<string | null>(null);
  const [trialUsed, setTrialUsed] = useState(false);

  // A slot taken meanwhile: back to the modal of that tutor, to pick another time.
  const pickAnotherTime = () => {
    clearPendingBooking();
    if (cameFromBooking(location.state)) navigate(-1);
    else navigate(paths.bookingPlan(booking.tutorProfileId), { replace: true });
  };

  const confirm = async () => {
    setFailure(null);
    try {
      const lesson = await book.mutateAsync(toBookLessonInput(booking));
      clearPendingBooking();
      notify.success(M.trialBooked);
      // Replace: Back from the confirmation must not offer to book the same lesson again.
      navigate(paths.paymentSuccess(lesson.id), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TRIAL_USED') {
        setTrialUsed(true);
        return;
      }
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
        notify.error(error.message);
        pickAnotherTime();
        return;
      }
      // The toast names what failed; the dialog says why, when the server says it.
      notify.error(messageOf(error, M.bookFailed));
      setFailure(messageOf(error, P.unexpected));
    }
  };

  return (
    <CheckoutLayout
      booking={booking}
      free
      action={
        trialUsed ? (
          <TrialUsed booking={booking} onSingle={onSingle} />
        ) : (
          <Button className="w-full" onClick={confirm} disabled={book.isPending}>
            {book.isPending ? M.processing : M.confirmTrial}
          </Button>
        )
      }
      failure={failure}
      busy={book.isPending}
      onRetry={confirm}
      onCancel={onCancel}
    />
  );
}

/** The trial is used: the same slot as a single lesson, priced at the tutor's rate. */
function TrialUsed({
  booking,
  onSingle,
}: {
  booking: PendingBooking;
  onSingle: (single: PaidBooking) => void;
}) {
  const [busy, setBusy] = useState(false);
  const bookSingle = async () => {
    setBusy(true);
    try {
      const tutor = await call(getTutorProfile, { params: { id: booking.tutorProfileId } });
      onSingle(asSingleLesson(booking, tutor.hourlyRateCents));
    } catch (error) {
      notify.error(messageOf(error, M.bookFailed));
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <Banner kind="warning" dismissible={false}>
        {M.trialUsed}
      </Banner>
      <Button className="w-full" onClick={bookSingle} disabled={busy}>
        {busy ? M.processing : M.bookSingleInstead}
      </Button>
    </div>
  );
}

/** A lesson or a package is paid on the provider's hosted page, after Pay. */
function PaidCheckout({ booking, onCancel }: { booking: PaidBooking; onCancel: () => void }) {
  const { pay, busy, redirecting, failure } = usePay(booking);
  return (
    <CheckoutLayout
      booking={booking}
      free={false}
      action={
        <Button className="w-full" onClick={pay} disabled={busy}>
          {busy ? M.processing : P.pay(formatMoney(booking.price, booking.currency))}
        </Button>
      }
      failure={failure}
      busy={busy}
      onRetry={pay}
      onCancel={onCancel}
    >
      <Dialog
        open={redirecting}
        onClose={() => {}}
        dismissible={false}
        title={P.processingPayment}
        size="sm"
      >
        <div className="flex items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          <Spinner label={P.processingPayment} />
          <p>{P.processingPaymentNote}</p>
        </div>
      </Dialog>
    </CheckoutLayout>
  );
}

function CheckoutLayout({
  booking,
  free,
  action,
  failure,
  busy,
  onRetry,
  onCancel,
  children,
}: {
  booking: PendingBooking;
  free: boolean;
  action: ReactNode;
  failure: string | null;
  busy: boolean;
  onRetry: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <div>
        <Button variant="ghost" className="-ml-4 mb-2" onClick={onCancel} disabled={busy}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {M.checkoutBack}
        </Button>
        <h1 className="text-2xl font-bold">{free ? M.confirmTitle : M.checkoutTitle}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {free ? P.checkoutIntroFree : P.checkoutIntroPaid}
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem] md:items-start">
        <CheckoutSummary booking={booking} />
        <div className="space-y-4">
          {/* Card notes only where a card is asked for: a free trial redirects nowhere. */}
          {!free && (
            <div className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
              <div className="flex gap-3">
                <ShieldCheck aria-hidden className="h-5 w-5 shrink-0" />
                <div>
                  <h2 className="font-semibold">{P.secureCheckout}</h2>
                  <p className="mt-0.5">{M.secureCheckoutNote}</p>
                </div>
              </div>
              <p className="flex gap-3">
                <Clock aria-hidden className="h-5 w-5 shrink-0" />
                {P.holdNotice(DEFAULT_HOLD_MINUTES)}
              </p>
            </div>
          )}
          {action}
          {!free && (
            <p className="text-xs text-slate-600 dark:text-slate-400">{P.redirectNotice}</p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={failure !== null}
        title={P.paymentFailed}
        message={failure}
        cancelLabel={P.cancel}
        confirmLabel={M.tryAgain}
        onCancel={onCancel}
        onConfirm={onRetry}
        busy={busy}
      />
      {children}
    </div>
  );
}
