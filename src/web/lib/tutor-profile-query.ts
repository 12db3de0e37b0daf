import { useQuery } from '@tanstack/react-query';
import { getTutorProfile } from '../../contracts/tutors.contract';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/** A tutor's public profile, cached once for the profile page and the booking screens. */
export function useTutorProfile(tutorId: string) {
  return useQuery({
    queryKey: queryKeys.tutors.profile(tutorId),
    queryFn: () => call(getTutorProfile, { params: { id: tutorId } }),
    retry: false,
  });
}
