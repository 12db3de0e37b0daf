import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTutorProfile } from '../../contracts/tutors.contract';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/**
 * A tutor's public profile, cached once for the profile page and the booking screens; the
 * profile's route starts it before the page's code has loaded (router.tsx).
 */
export const tutorProfileQuery = (tutorId: string) =>
  queryOptions({
    queryKey: queryKeys.tutors.profile(tutorId),
    queryFn: () => call(getTutorProfile, { params: { id: tutorId } }),
    retry: false,
    // Fresh for a few seconds: the page, arriving after the route's answer, shows that answer
    // instead of asking again. A change made here (a booking, a review) invalidates it anyway.
    staleTime: 10_000,
  });

export function useTutorProfile(tutorId: string) {
  return useQuery(tutorProfileQuery(tutorId));
}
