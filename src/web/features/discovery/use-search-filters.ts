import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TutorSearch } from '../../../contracts/tutors.contract';
import {
  filtersFromParams,
  rejectedPrice,
  toQueryString,
  viewFromParams,
  type ResultsView,
} from './search-params';

/**
 * The search screen's state, read from and written to the address. Each change is a new history
 * entry so Back steps through searches; any change but paging returns to page 1. A price range
 * the search cannot use is searched as all prices, and priceRejected says why.
 */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const priceRejected = useMemo(() => rejectedPrice(params), [params]);
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
  /** Puts the page shown (the last, for a page past it) in the address, as no new entry. */
  const correctPage = useCallback(
    (page: number) =>
      setParams(new URLSearchParams(toQueryString({ ...filters, page }, view)), { replace: true }),
    [filters, setParams, view],
  );
  return { filters, priceRejected, view, update, setView, correctPage };
}
