import { useId } from 'react';
import { formatPrice } from '../../../domain/booking/pricing';
import { EARNINGS_MESSAGES as M } from '../../../domain/messages';
import { shortDateTime } from '../../lib/lesson-time';
import type { EarningsLesson } from './earnings-api';

function Tag({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center rounded-full border border-indigo-200 bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
      {children}
    </span>
  );
}

/** Lessons as Earnings lists them: who, what, when, and what each brings. */
export function EarningsLessons({
  title,
  lessons,
  empty,
  currency,
  zone,
}: {
  title: string;
  lessons: EarningsLesson[];
  empty: string;
  currency: string;
  zone: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {lessons.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {lessons.map((lesson) => (
            <li
              key={lesson.lessonId}
              data-testid="earnings-lesson"
              className="flex items-start justify-between gap-3 p-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{lesson.studentName}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {lesson.subject} ·{' '}
                  <time dateTime={lesson.startTime}>{shortDateTime(lesson.startTime, zone)}</time>
                </p>
                {(lesson.isTrial || lesson.fromPackage) && (
                  <p className="mt-1 flex flex-wrap gap-1">
                    {lesson.isTrial && <Tag>{M.trial}</Tag>}
                    {lesson.fromPackage && <Tag>{M.fromPackage}</Tag>}
                  </p>
                )}
              </div>
              <span className="shrink-0 font-semibold tabular-nums">
                {formatPrice(lesson.amountCents, currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
