import { LayoutGrid, List } from 'lucide-react';
import { SEARCH_SORTS, type SearchSort } from '../../../domain/tutors/tutor-search';
import type { ResultsView } from './search-params';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Rating',
};

const VIEWS: { value: ResultsView; label: string; icon: typeof List }[] = [
  { value: 'grid', label: 'Grid view', icon: LayoutGrid },
  { value: 'list', label: 'List view', icon: List },
];

/** Sort order and the grid / list toggle above the results. */
export function ResultsToolbar({
  sort,
  onSort,
  view,
  onView,
}: {
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
  view: ResultsView;
  onView: (view: ResultsView) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="tutor-sort" className="sr-only">
        Sort by
      </label>
      <select
        id="tutor-sort"
        value={sort}
        onChange={(event) => onSort(event.target.value as SearchSort)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {SEARCH_SORTS.map((value) => (
          <option key={value} value={value}>
            Sort: {SORT_LABELS[value]}
          </option>
        ))}
      </select>
      <div
        role="group"
        aria-label="Results layout"
        className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
      >
        {VIEWS.map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-label={label}
            title={label}
            aria-pressed={view === value}
            onClick={() => onView(value)}
            className={`rounded-md p-1.5 ${
              view === value
                ? 'bg-indigo-600 text-white'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            <Icon aria-hidden className="h-4 w-4" />
          </button>
        ))}
      </div>
    </div>
  );
}
