import { BOOKING_MESSAGES, LESSON_HISTORY_MESSAGES as M } from '../../../domain/messages';
import { usePageParam } from '../../lib/use-page-param';
import { Pagination } from '../../components/ui/pagination';
import type { LessonViewer } from './lesson-status';
import { usePastLessons, usePastLessonsPaging } from './past-lessons-api';
import { UpcomingLessons } from './upcoming-lessons';
import { UpcomingLessonsCard } from './upcoming-lessons-card';

/**
 * My Lessons, for either party: the next two weeks' lessons (a booking's confirmation leads
 * here), then the lessons that ended and those canceled, newest first, a page at a time; each
 * opens the lesson's details with its notes. Longer ranges ahead are My Schedule's.
 */
export function PastLessonsPage({ viewer }: { viewer: LessonViewer }) {
  const [page, setPage] = usePageParam();
  const lessons = usePastLessons(page);
  const paging = usePastLessonsPaging(page).data;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">{BOOKING_MESSAGES.myLessons}</h1>
      <UpcomingLessonsCard viewer={viewer} />
      <section
        aria-labelledby="past-lessons-title"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <h2 id="past-lessons-title" className="text-lg font-semibold">
            {M.pastLessons}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{M.pastLessonsHint}</p>
        </div>
        <UpcomingLessons
          query={lessons}
          viewer={viewer}
          newestFirst
          emptyTitle={M.noPastLessons}
          emptyHint={viewer === 'tutor' ? M.noPastLessonsTutorHint : M.noPastLessonsStudentHint}
        />
        {paging && !lessons.isError && (
          <Pagination page={paging.page} totalPages={paging.totalPages} onPage={setPage} />
        )}
      </section>
    </div>
  );
}

export const StudentLessonsPage = () => <PastLessonsPage viewer="student" />;
export const TutorLessonsPage = () => <PastLessonsPage viewer="tutor" />;
