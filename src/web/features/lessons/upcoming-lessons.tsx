import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle, CalendarX2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { useAccountZone } from '../../lib/account-zone';
import { Button } from '../../components/ui/button';
import { LoadingSkeleton } from '../../components/ui/page-states';
import { LessonDetailDialog } from './lesson-detail-dialog';
import { LessonList } from './lesson-list';
import type { LessonViewer } from './lesson-status';
import { zoneLabel } from '../../lib/lesson-time';

/**
 * The lessons of a schedule screen (or of My Lessons): loading, the error panel, the empty
 * state (the caller says what to offer) or the grouped list, whose rows open the lesson detail
 * dialog.
 */
export function UpcomingLessons({
  query,
  viewer,
  emptyHint,
  emptyAction,
  emptyTitle = M.noUpcomingLessons,
  newestFirst = false,
}: {
  query: UseQueryResult<Lesson[]>;
  viewer: LessonViewer;
  emptyHint: string;
  emptyAction?: ReactNode;
  emptyTitle?: string;
  /** Past lessons read back from the latest. */
  newestFirst?: boolean;
}) {
  const [opened, setOpened] = useState<Lesson | null>(null);
  // The open lesson as the list has it now (saved notes show at once), or as it was opened.
  const shown = opened && (query.data?.find((lesson) => lesson.id === opened.id) ?? opened);
  const zone = useAccountZone();

  if (query.isPending) return <LoadingSkeleton label={M.loadingLessons} />;
  if (query.isError)
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950"
      >
        <AlertCircle aria-hidden className="mx-auto h-8 w-8 text-red-600 dark:text-red-400" />
        <p className="mt-2 font-semibold text-red-900 dark:text-red-100">{M.loadLessonsFailed}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
          {M.tryAgain}
        </Button>
      </div>
    );
  if (query.data.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
        <CalendarX2 aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
        <p className="mt-3 font-semibold">{emptyTitle}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{emptyHint}</p>
        {emptyAction && <div className="mt-4">{emptyAction}</div>}
      </div>
    );
  return (
    <div
      aria-busy={query.isPlaceholderData}
      className={`space-y-4 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
    >
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="lessons-zone">
        {M.timesInZone(zoneLabel(zone))}
      </p>
      <LessonList
        lessons={query.data}
        viewer={viewer}
        zone={zone}
        onOpen={setOpened}
        newestFirst={newestFirst}
      />
      <LessonDetailDialog
        lesson={shown}
        viewer={viewer}
        zone={zone}
        onClose={() => setOpened(null)}
      />
    </div>
  );
}
