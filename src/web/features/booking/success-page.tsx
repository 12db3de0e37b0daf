import { CheckCircle2, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Lesson } from '../../../contracts/booking.contract';
import { formatPrice } from '../../../domain/booking/pricing';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { ApiError } from '../../lib/api-client';
import { lessonTimes, longDate, zoneLabel } from '../../lib/lesson-time';
import { notify } from '../../lib/notify';
import { CheckoutOutcome } from './checkout-outcome';
import { useBookedLesson } from './booking-api';
import { ResultCard, ResultLoading, SuccessActions } from './result-card';

/**
 * /payment/success: after the provider's hosted page (?session_id=…), what the server made of
 * the payment; after a free trial's confirmation (?lesson=…), the lesson as booked.
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return sessionId ? (
    <CheckoutOutcome key={sessionId} sessionId={sessionId} />
  ) : (
    <TrialConfirmation lessonId={params.get('lesson')} />
  );
}

/** The booked trial as the server recorded it (never the browser's copy), or 'Booking information not found'. */
function TrialConfirmation({ lessonId }: { lessonId: string | null }) {
  const lesson = useBookedLesson(lessonId);
  const missing = lessonId === null || lesson.isError;
  // A lesson that is not there (or not this student's) is "not found"; anything else failed.
  const message =
    lesson.error instanceof ApiError && lesson.error.status >= 500
      ? M.finalizeFailed
      : M.noBookingFound;

  useEffect(() => {
    if (missing) notify.error(message, 'booking-not-found');
  }, [missing, message]);

  if (missing)
    return (
      <ResultCard
        icon={SearchX}
        iconClass="text-slate-400"
        title={message}
        text={M.noBookingFoundText}
      >
        <SuccessActions />
      </ResultCard>
    );
  if (!lesson.data) return <ResultLoading label={M.finalizing} />;
  return <Confirmed lesson={lesson.data} />;
}

function Confirmed({ lesson }: { lesson: Lesson }) {
  const { startTime, durationMinutes, timezone } = lesson;
  return (
    <ResultCard
      icon={CheckCircle2}
      iconClass="text-emerald-500"
      title={lesson.isTrial ? M.trialConfirmed : M.paymentSuccessful}
      text={
        lesson.isTrial
          ? M.trialConfirmedText(lesson.tutor.name)
          : M.lessonConfirmedText(lesson.tutor.name)
      }
      facts={[
        { label: 'Tutor', value: lesson.tutor.name },
        { label: 'Subject', value: lesson.subject },
        { label: 'Date', value: longDate(startTime, timezone) },
        {
          label: 'Time',
          value: `${lessonTimes(startTime, durationMinutes, timezone)} · ${zoneLabel(timezone, startTime)}`,
        },
        { label: 'Amount', value: formatPrice(lesson.priceCents, lesson.currency) },
      ]}
    >
      <SuccessActions />
    </ResultCard>
  );
}
