import { DEFAULT_UPCOMING_DAYS } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { UpcomingLessons } from './upcoming-lessons';
import type { LessonViewer } from './lesson-status';
import { useUpcomingLessons } from './upcoming-lessons-api';
import { LinkedLessonDialog } from './linked-lesson-dialog';

/**
 * 'Upcoming Lessons' of the next 14 days: on the tutor's My Schedule, and above the past
 * lessons of My Lessons (where a booking's confirmation leads) for either party. It also opens
 * the lesson the address names (`?lesson=`), wherever that lesson lies.
 */
export function UpcomingLessonsCard({ viewer = 'tutor' }: { viewer?: LessonViewer }) {
  const lessons = useUpcomingLessons(DEFAULT_UPCOMING_DAYS);
  return (
    <section
      aria-labelledby="upcoming-title"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="upcoming-title" className="text-lg font-semibold">
          {M.upcomingLessons}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {M.nextDays(DEFAULT_UPCOMING_DAYS)}
        </p>
      </div>
      <UpcomingLessons
        query={lessons}
        viewer={viewer}
        emptyHint={viewer === 'tutor' ? M.noLessonsTutorHint : M.noLessonsStudentHint}
      />
      {/* The one lesson a link names (on My Lessons too: this card is on that page once). */}
      <LinkedLessonDialog viewer={viewer} />
    </section>
  );
}
