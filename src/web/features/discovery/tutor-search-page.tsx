import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { notify } from '../../lib/notify';
import { useTutorSearch } from './discovery-api';
import { FiltersPanel } from './filters-panel';
import { Pagination } from '../../components/ui/pagination';
import { ResultsToolbar } from './results-toolbar';
import { SearchBox } from './search-box';
import { activeFilterCount, DEFAULT_FILTERS, toQueryString } from './search-params';
import { resultText, SearchResults } from './search-results';
import { SubjectChips } from './subject-chips';
import { useSearchFilters } from './use-search-filters';
import { Dialog } from '../../components/ui/dialog';
import { useIsMobile } from '../../lib/use-media-query';

/** Find Your Perfect Tutor: the search lives in the address, so a search can be shared and reloaded. */
export function TutorSearchPage() {
  const { filters, priceRejected, view, update, setView, correctPage } = useSearchFilters();
  const [sheetOpen, setSheetOpen] = useState(false);
  // On a phone the filters open in a sheet: the side panel (forty-odd checkboxes) is not built.
  const isMobile = useIsMobile();
  const search = useTutorSearch(filters);
  const { data, isPending, isError, isPlaceholderData, errorUpdatedAt } = search;

  useEffect(() => {
    if (errorUpdatedAt) notify.error(M.loadTutorsFailed, 'tutor-search-error');
  }, [errorUpdatedAt]);
  // Past the last page the server answers with the last one: the address follows.
  const shownPage = data && !isPlaceholderData ? data.page : filters.page;
  useEffect(() => {
    if (shownPage !== filters.page) correctPage(shownPage);
  }, [shownPage, filters.page, correctPage]);

  const panelFilters = {
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    minRating: filters.minRating,
    languages: filters.languages,
  };
  // Remount the panel's draft whenever the address's filters change (Back, Reset, a shared link).
  const panelKey = `${toQueryString({ ...DEFAULT_FILTERS, ...panelFilters })}:${priceRejected?.message}`;
  const applyPanel = (change: typeof panelFilters) => {
    setSheetOpen(false);
    update(change);
  };
  // One panel: in the side column on a wide screen, in the sheet on a phone.
  const filtersPanel = (
    <FiltersPanel
      key={panelKey}
      filters={panelFilters}
      priceRejected={priceRejected}
      onApply={applyPanel}
    />
  );
  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };
  const filterCount = activeFilterCount(filters);

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <h1 className="text-2xl font-bold sm:text-3xl">{M.searchTitle}</h1>
      <div className="flex gap-2">
        <SearchBox value={filters.q} onSearch={(q) => update({ q })} />
        <Button
          variant="secondary"
          className="md:hidden"
          onClick={() => setSheetOpen(true)}
          aria-haspopup="dialog"
        >
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          Filters{filterCount > 0 ? ` (${filterCount})` : ''}
        </Button>
      </div>
      <SubjectChips selected={filters.subjects} onChange={(subjects) => update({ subjects })} />

      <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
        {!isMobile && (
          <aside
            aria-label="Filters side panel"
            className="sticky top-20 max-h-[calc(100vh-6rem)] self-start overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 className="mb-3 flex items-center gap-2 font-semibold">
              <SlidersHorizontal aria-hidden className="h-4 w-4" /> Filters
            </h2>
            {filtersPanel}
          </aside>
        )}

        <section aria-label="Results" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p
              aria-live="polite"
              className="text-sm text-slate-600 dark:text-slate-400"
              data-testid="result-text"
            >
              {resultText({ isPending, isError, isPlaceholderData }, data, filters.subjects)}
            </p>
            <ResultsToolbar
              sort={filters.sort}
              onSort={(sort) => update({ sort })}
              view={view}
              onView={setView}
            />
          </div>
          <SearchResults
            data={data}
            isPending={isPending}
            isError={isError}
            isStale={isPlaceholderData}
            view={view}
            onRetry={() => void search.refetch()}
            onClear={() => update({ ...DEFAULT_FILTERS })}
          />
          {data && !isError && (
            <Pagination page={data.page} totalPages={data.totalPages} onPage={goToPage} />
          )}
        </section>
      </div>

      <Dialog
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title="Filters"
        variant="sheet"
        closeLabel="Close filters"
      >
        {filtersPanel}
      </Dialog>
    </div>
  );
}
