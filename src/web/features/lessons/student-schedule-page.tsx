import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { UpcomingLessons } from './upcoming-lessons';
import { ButtonLink } from '../../components/ui/button';
import { useUpcomingLessons } from './upcoming-lessons-api';
import { RangeSelect } from './range-select';
import { RefreshButton } from './refresh-button';
import { useRangeDays } from './use-range-days';
import { LinkedLessonDialog } from './linked-lesson-dialog';
import { paths } from '../../lib/paths';

/**
 * The student's My Schedule: upcoming lessons over a chosen range (past ones: My Lessons), and
 * the calendar feed card, which the router puts here (features don't import each other).
 */
export function StudentSchedulePage({ calendarFeed }: { calendarFeed?: ReactNode }) {
  const [days, setDays] = useRangeDays();
  const lessons = useUpcomingLessons(days);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{M.scheduleTitle}</h1>
        <div className="flex items-center gap-2">
          <RangeSelect value={days} onChange={setDays} />
          <RefreshButton onRefresh={() => lessons.refetch()} />
        </div>
      </div>
      <section
        aria-labelledby="student-upcoming-title"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="student-upcoming-title" className="mb-4 text-lg font-semibold">
          {M.upcomingLessons}
        </h2>
        <UpcomingLessons
          query={lessons}
          viewer="student"
          emptyHint={M.noLessonsStudentHint}
          emptyAction={
            <ButtonLink to={paths.student.tutors}>
              <Search aria-hidden className="h-4 w-4" />
              {M.findTutors}
            </ButtonLink>
          }
        />
      </section>
      {calendarFeed}
      <LinkedLessonDialog viewer="student" />
    </div>
  );
}
