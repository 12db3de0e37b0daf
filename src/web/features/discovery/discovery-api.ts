import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  getReviews,
  getSuggestions,
  searchTutors,
  type TutorSearch,
} from '../../../contracts/tutors.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// TanStack Query hooks over the tutor discovery API; responses are checked against the contract.

/** One page of search results; the search route starts it before the page's code has loaded. */
export const tutorSearchQuery = (filters: TutorSearch) =>
  queryOptions({
    queryKey: queryKeys.tutors.search(filters),
    queryFn: () => call(searchTutors, { query: filters }),
    staleTime: 30_000,
    retry: 1,
  });

export function useTutorSearch(filters: TutorSearch) {
  // The previous page stays on screen while the next loads: paging never flashes empty.
  return useQuery({ ...tutorSearchQuery(filters), placeholderData: keepPreviousData });
}

export function useSuggestions(text: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tutors.suggestions(text),
    queryFn: async () => (await call(getSuggestions, { query: { q: text } })).suggestions,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A tutor's reviews, a page at a time (newest first), once enabled. */
export function useAllReviews(tutorId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.tutors.reviews(tutorId),
    queryFn: ({ pageParam }) =>
      call(getReviews, { params: { id: tutorId }, query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
    enabled,
  });
}
