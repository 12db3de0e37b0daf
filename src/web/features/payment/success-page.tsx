import { CheckCircle2, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Lesson } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { LessonFacts } from '../../components/booking/lesson-facts';
import { longDate, lessonTimes, zoneLabel } from '../../lib/lesson-time';
import { formatPrice } from '../../../domain/booking/pricing';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useBookedLesson } from './payment-api';
import { paths } from '../../lib/paths';

const linkButton =
  'inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors';
const primary = `${linkButton} bg-indigo-600 text-white hover:bg-indigo-700`;
const secondary = `${linkButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
const card =
  'mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 text-center sm:p-8 dark:border-slate-800 dark:bg-slate-900';

function Actions() {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
      <Link to={paths.student.overview} className={secondary}>
        {M.returnHome}
      </Link>
      <Link to={paths.student.lessons} className={primary}>
        {M.viewMyLessons}
      </Link>
    </div>
  );
}

function Confirmed({ lesson }: { lesson: Lesson }) {
  const { startTime, durationMinutes, timezone } = lesson;
  return (
    <section className={card}>
      <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-500" />
      <h1 className="mt-3 text-2xl font-bold">
        {lesson.isTrial ? M.trialConfirmed : M.paymentSuccessful}
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {lesson.isTrial
          ? M.trialConfirmedText(lesson.tutor.name)
          : M.lessonConfirmedText(lesson.tutor.name)}
      </p>
      <div className="mt-5 rounded-lg bg-slate-50 px-4 py-1 text-left dark:bg-slate-800/60">
        <LessonFacts
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
        />
      </div>
      <Actions />
    </section>
  );
}

/**
 * /payment/success?lesson=<id>: the booking as the server recorded it (never the browser's
 * copy), or 'Booking information not found'.
 */
export function SuccessPage() {
  const lessonId = useSearchParams()[0].get('lesson');
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
      <section className={card}>
        <SearchX aria-hidden className="mx-auto h-12 w-12 text-slate-400" />
        <h1 className="mt-3 text-2xl font-bold">{message}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{M.noBookingFoundText}</p>
        <Actions />
      </section>
    );
  if (!lesson.data)
    return (
      <div className="grid place-items-center gap-3 py-24 text-center">
        <Spinner label={M.finalizing} />
        <p className="text-slate-600 dark:text-slate-300">{M.finalizing}</p>
      </div>
    );
  return <Confirmed lesson={lesson.data} />;
}
