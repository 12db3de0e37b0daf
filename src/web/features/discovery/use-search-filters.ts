import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TutorSearch } from '../../../contracts/tutors.contract';
import {
  filtersFromParams,
  toQueryString,
  viewFromParams,
  type ResultsView,
} from './search-params';

/**
 * The search screen's state, read from and written to the address. Each change is a new history
 * entry so Back steps through searches; any change but paging returns to page 1.
 */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const view = viewFromParams(params);

  const update = useCallback(
    (change: Partial<TutorSearch>, nextView: ResultsView = view) => {
      const next = { ...filters, page: 1, ...change };
      setParams(new URLSearchParams(toQueryString(next, nextView)));
    },
    [filters, setParams, view],
  );
  const setView = useCallback(
    (nextView: ResultsView) => setParams(new URLSearchParams(toQueryString(filters, nextView))),
    [filters, setParams],
  );
  return { filters, view, update, setView };
}
