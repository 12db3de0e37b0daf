import { SearchX } from 'lucide-react';
import type { TutorSearchResponse } from '../../../contracts/tutors.contract';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import type { ResultsView } from './search-params';
import { TutorCard } from './tutor-card';

/** The line above the results (loading, error, none, or how many are shown), announced politely as it changes. */
export function resultText(
  state: { isPending: boolean; isError: boolean; isPlaceholderData: boolean },
  data: TutorSearchResponse | undefined,
  subjects: string[],
): string {
  if (state.isError) return M.errorLoading;
  if (state.isPending || state.isPlaceholderData || !data) return M.loadingResults;
  // Nothing found: the empty state says so; a "Showing 0 of 0" beside it would say it twice.
  if (data.total === 0) return '';
  const shown = data.tutors.length;
  // Past the search window the total is a floor: "of 1000+" (ADR 042).
  const atLeast = data.totalIsLowerBound;
  if (subjects.length === 0) return M.showingOf(shown, data.total, atLeast);
  return shown === data.total && !atLeast
    ? M.showingFor(shown, subjects)
    : M.showingOfFor(shown, data.total, subjects, atLeast);
}

const listClass = (view: ResultsView) =>
  view === 'grid' ? 'grid grid-cols-1 gap-4 @xl:grid-cols-2 @5xl:grid-cols-3' : 'space-y-4';

/** Card-shaped blocks where the first results will be: the page does not jump when they come. */
function ResultsSkeleton({ view }: { view: ResultsView }) {
  return (
    <div role="status" className="@container">
      <span className="sr-only">{M.loadingResults}</span>
      <ul aria-hidden className={listClass(view)}>
        {Array.from({ length: 6 }, (_, index) => (
          <li
            key={index}
            className="flex animate-pulse gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="h-14 w-14 shrink-0 rounded-full bg-slate-200 dark:bg-slate-800" />
            <div className="flex-1 space-y-3 py-1">
              <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
              <div className="h-3 w-1/2 rounded bg-slate-100 dark:bg-slate-800" />
              <div className="h-6 w-5/6 rounded-full bg-slate-100 dark:bg-slate-800" />
              <div className="h-6 w-2/3 rounded-full bg-slate-100 dark:bg-slate-800" />
              <div className="h-9 w-full rounded-lg bg-slate-100 dark:bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The cards, or the loading, error and empty states in their place. */
export function SearchResults({
  data,
  isPending,
  isError,
  isStale,
  view,
  onRetry,
  onClear,
}: {
  data: TutorSearchResponse | undefined;
  isPending: boolean;
  isError: boolean;
  /** The previous search's cards while the next loads (dimmed, not removed). */
  isStale: boolean;
  view: ResultsView;
  onRetry: () => void;
  onClear: () => void;
}) {
  if (isError)
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950">
        <p className="font-semibold text-red-900 dark:text-red-100">{M.errorLoading}</p>
        <p className="mt-1 text-sm text-red-800 dark:text-red-200">{M.loadTutorsFailed}</p>
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  if (isPending || !data) return <ResultsSkeleton view={view} />;
  if (data.tutors.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
        <SearchX aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
        <p className="mt-3 font-semibold">{M.noTutors}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Try other words or fewer filters.
        </p>
        <Button variant="secondary" className="mt-4" onClick={onClear}>
          Clear all filters
        </Button>
      </div>
    );
  return (
    <div
      aria-busy={isStale}
      className={`@container transition-opacity ${isStale ? 'pointer-events-none opacity-60' : ''}`}
    >
      <ul aria-label="Tutors" className={listClass(view)}>
        {data.tutors.map((tutor) => (
          <li key={tutor.id} className="flex">
            <div className="w-full [&>article]:h-full">
              <TutorCard tutor={tutor} view={view} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
