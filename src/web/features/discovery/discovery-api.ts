import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  reviewsResponse,
  suggestionsResponse,
  tutorProfileResponse,
  tutorSearchResponse,
} from '../../../contracts/tutors.contract';
import type { TutorSearch } from '../../../domain/tutors/tutor-search';
import { api } from '../../lib/api-client';
import { toQueryString } from './search-params';

// TanStack Query hooks over the tutor discovery API; responses are checked against the contract.

export function useTutorSearch(filters: TutorSearch) {
  return useQuery({
    queryKey: ['tutors', 'search', filters],
    queryFn: async () =>
      tutorSearchResponse.parse(await api.get(`/api/tutors?${toQueryString(filters)}`)),
    // The previous page stays on screen while the next loads: paging never flashes empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: 1,
  });
}

export function useSuggestions(text: string, enabled: boolean) {
  return useQuery({
    queryKey: ['tutors', 'suggestions', text],
    queryFn: async () =>
      suggestionsResponse.parse(
        await api.get(`/api/tutors/suggestions?${new URLSearchParams({ q: text })}`),
      ).suggestions,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useTutorProfile(tutorId: string) {
  return useQuery({
    queryKey: ['tutors', 'profile', tutorId],
    queryFn: async () =>
      tutorProfileResponse.parse(await api.get(`/api/tutors/${encodeURIComponent(tutorId)}`)),
    retry: false,
  });
}

/** A tutor's reviews, a page at a time (newest first), once enabled. */
export function useAllReviews(tutorId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['tutors', 'reviews', tutorId],
    queryFn: async ({ pageParam }) =>
      reviewsResponse.parse(
        await api.get(`/api/tutors/${encodeURIComponent(tutorId)}/reviews?page=${pageParam}`),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
    enabled,
  });
}
