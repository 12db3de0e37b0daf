import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { useAccountZone } from '../../lib/account-zone';
import { LoadingSkeleton } from '../../components/ui/page-states';
import { lessonTimes, longDate } from '../../lib/lesson-time';
import { TrialTag } from './lesson-badges';
import { otherPartyOf, type LessonViewer } from './lesson-status';
import { PersonAvatar } from '../../components/ui/person-avatar';
import { useUpcomingLessons } from './upcoming-lessons-api';
import { JoinLessonLink } from './join-lesson-link';
import { useJoinUrl } from './use-join-url';

/** How far ahead an overview looks for the next lesson. */
const NEXT_LESSON_DAYS = 60;

/**
 * The overview's first card: the next lesson (or the one in progress) with a link to the whole
 * schedule, or what to do when there is none. From 10 minutes before its start until its end it
 * offers Join Lesson too, for either party: the overview is where people land.
 */
export function NextLessonCard({
  viewer,
  schedulePath,
  emptyHint,
  emptyAction,
}: {
  viewer: LessonViewer;
  schedulePath: string;
  emptyHint: string;
  emptyAction: ReactNode;
}) {
  const lessons = useUpcomingLessons(NEXT_LESSON_DAYS);
  const next = lessons.data?.[0];
  const zone = useAccountZone();
  const joinUrl = useJoinUrl(next ?? null);
  return (
    <section
      aria-labelledby="next-lesson-title"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="next-lesson-title" className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <CalendarClock aria-hidden className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
        {M.nextLesson}
      </h2>
      {lessons.isPending && <LoadingSkeleton label={M.loadingLessons} rows={1} />}
      {lessons.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {M.loadLessonsFailed}
        </p>
      )}
      {lessons.isSuccess && !next && (
        <div className="space-y-3">
          <p className="font-semibold">{M.noUpcomingLessons}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{emptyHint}</p>
          {emptyAction}
        </div>
      )}
      {next && (
        <div className="flex flex-wrap items-center gap-4">
          <PersonAvatar {...otherPartyOf(next, viewer)} />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              {otherPartyOf(next, viewer).name} {next.isTrial && <TrialTag />}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{next.subject}</p>
            <p className="text-sm">
              {longDate(next.startTime, zone)} ·{' '}
              {lessonTimes(next.startTime, next.durationMinutes, zone)}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {joinUrl && <JoinLessonLink href={joinUrl} />}
            <Link
              to={schedulePath}
              className="text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {M.viewSchedule}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
