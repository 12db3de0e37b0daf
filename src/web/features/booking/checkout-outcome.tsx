import { AlertTriangle, CheckCircle2, Clock, ExternalLink, XCircle } from 'lucide-react';
import type { CheckoutResult } from '../../../contracts/payments.contract';
import { formatMoney } from '../../../domain/money';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { lessonTimes, longDate, zoneLabel } from '../../lib/lesson-time';
import { useSession } from '../../lib/session';
import { ResultActions, ResultCard, ResultLoading, SuccessActions } from './result-card';
import { settleFailure, useCheckoutResult } from './use-checkout-result';

/** /payment/success?session_id=…: what the server made of the checkout session. */
export function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const { user } = useSession();
  // The payment area is signed-in only: the guard waits for the session.
  return user ? <Settled sessionId={sessionId} studentId={user.id} /> : null;
}

function Settled({ sessionId, studentId }: { sessionId: string; studentId: string }) {
  const result = useCheckoutResult(sessionId, studentId);

  if (result.isPending) return <ResultLoading label={M.finalizing} />;
  if (result.isError)
    return (
      <ResultCard icon={XCircle} iconClass="text-slate-400" title={settleFailure(result.error)}>
        <ResultActions>
          <Button variant="secondary" onClick={() => void result.refetch()}>
            {M.tryAgain}
          </Button>
        </ResultActions>
        <SuccessActions />
      </ResultCard>
    );
  return <Outcome result={result.data} />;
}

function Outcome({ result }: { result: CheckoutResult }) {
  const { outcome, payment } = result;
  const amount = formatMoney(payment.amountCents, payment.currency);
  const tutor = { label: 'Tutor', value: payment.tutorName };
  if (outcome === 'booked') {
    const isPackage = payment.kind === 'package';
    return (
      <ResultCard
        icon={CheckCircle2}
        iconClass="text-emerald-500"
        title={isPackage ? P.packagePurchaseComplete : P.paymentSuccessful}
        text={
          isPackage
            ? P.packageConfirmedText(payment.tutorName)
            : M.lessonConfirmedText(payment.tutorName)
        }
        facts={[
          tutor,
          { label: 'Purchase', value: payment.description },
          ...lessonFacts(result.lesson),
          { label: 'Amount', value: amount },
        ]}
      >
        <Receipt url={payment.receiptUrl} />
        <SuccessActions />
      </ResultCard>
    );
  }
  const other = {
    refunded: {
      icon: AlertTriangle,
      iconClass: 'text-amber-500',
      title: P.refundedTitle,
      kind: 'warning',
      text: P.slotTakenRefunded,
      amount: formatMoney(payment.refundedCents || payment.amountCents, payment.currency),
    },
    processing: {
      icon: Clock,
      iconClass: 'text-sky-500',
      title: P.processingTitle,
      kind: 'info',
      text: P.stillProcessing,
      amount,
    },
    unpaid: {
      icon: XCircle,
      iconClass: 'text-slate-400',
      title: P.notPaidTitle,
      kind: 'info',
      text: P.notPaid,
      amount,
    },
  } as const;
  const shown = other[outcome];
  return (
    <ResultCard
      icon={shown.icon}
      iconClass={shown.iconClass}
      title={shown.title}
      text={
        <Banner kind={shown.kind} dismissible={false}>
          {shown.text}
        </Banner>
      }
      facts={[tutor, { label: 'Amount', value: shown.amount }]}
    >
      {outcome === 'refunded' && <Receipt url={payment.receiptUrl} />}
      <SuccessActions />
    </ResultCard>
  );
}

function lessonFacts(lesson: CheckoutResult['lesson']) {
  if (!lesson) return [];
  const { startTime, durationMinutes, timezone } = lesson;
  return [
    { label: 'Subject', value: lesson.subject },
    { label: 'Date', value: longDate(startTime, timezone) },
    {
      label: 'Time',
      value: `${lessonTimes(startTime, durationMinutes, timezone)} · ${zoneLabel(timezone, startTime)}`,
    },
  ];
}

/** The provider's receipt, in a new tab (the student stays on the confirmation). */
function Receipt({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <p className="mt-4 text-sm">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        {P.viewReceipt}
        <ExternalLink aria-hidden className="h-4 w-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </p>
  );
}
