import { formatPrice } from '../../../domain/booking/pricing';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { LessonFacts } from './lesson-facts';
import type { PendingBooking } from './pending-booking';
import { lessonTimes, longDate, zoneLabel } from '../../lib/lesson-time';

const TYPES = {
  trial: M.trialLessonType,
  single: P.singleLessonType,
  package: P.packageType,
} as const;

/**
 * The Payment Summary card: what is booked, when (in the chosen zone), the package for a
 * package, and the total as the modal priced it (the server charges its own price).
 */
export function CheckoutSummary({ booking }: { booking: PendingBooking }) {
  const { startTime, lessonMinutes, viewerZone } = booking;
  return (
    <section
      aria-labelledby="payment-summary-title"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="payment-summary-title" className="text-lg font-semibold">
        {M.paymentSummary}
      </h2>
      <div className="mt-2">
        <LessonFacts
          facts={[
            { label: 'Tutor', value: booking.tutorName },
            { label: 'Type', value: TYPES[booking.bookingMode] },
            ...(booking.bookingMode === 'package'
              ? [
                  { label: 'Package', value: booking.packageName },
                  { label: 'Lessons', value: P.packageLessonsFirst(booking.packageLessons) },
                ]
              : []),
            { label: 'Date', value: longDate(startTime, viewerZone) },
            {
              label: 'Time',
              value: (
                <>
                  {lessonTimes(startTime, lessonMinutes, viewerZone)}
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                    {zoneLabel(viewerZone, startTime)}
                  </span>
                </>
              ),
            },
            { label: 'Duration', value: M.lessonMinutes(lessonMinutes) },
            { label: 'Subject', value: booking.subjectName },
          ]}
        />
      </div>
      <p className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-3 text-base font-semibold dark:border-slate-700">
        <span>Total</span>
        <span data-testid="checkout-total">{formatPrice(booking.price, booking.currency)}</span>
      </p>
    </section>
  );
}
