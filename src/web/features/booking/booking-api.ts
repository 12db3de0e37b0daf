import { useQuery } from '@tanstack/react-query';
import { slotsResponse, trialEligibilityResponse } from '../../../contracts/booking.contract';
import { tutorProfileResponse } from '../../../contracts/tutors.contract';
import type { LessonMinutes } from '../../../domain/scheduling/slot-length';
import { api } from '../../lib/api-client';

// TanStack Query hooks over the booking API. Slots and trial eligibility change with every
// booking (anyone's): they are never served from cache (gcTime 0), so reopening the modal,
// or coming back from a failed checkout, always shows what the server says now.

const tutorPath = (tutorId: string) => `/api/tutors/${encodeURIComponent(tutorId)}`;

export interface SlotsQuery {
  tutorId: string;
  fromDate: string;
  days: number;
  lessonMinutes: LessonMinutes;
  viewerZone: string;
}

export async function fetchSlots({
  tutorId,
  fromDate,
  days,
  lessonMinutes,
  viewerZone,
}: SlotsQuery) {
  const query = new URLSearchParams({
    fromDate,
    days: String(days),
    lessonMinutes: String(lessonMinutes),
    viewerZone,
  });
  return slotsResponse.parse(await api.get(`${tutorPath(tutorId)}/slots?${query}`));
}

export function useSlots(query: SlotsQuery) {
  return useQuery({
    queryKey: ['booking', 'slots', query],
    queryFn: () => fetchSlots(query),
    gcTime: 0,
    retry: 1,
  });
}

export function useTrialEligibility(tutorId: string) {
  return useQuery({
    queryKey: ['booking', 'trial-eligibility', tutorId],
    queryFn: async () =>
      trialEligibilityResponse.parse(await api.get(`${tutorPath(tutorId)}/trial-eligibility`))
        .eligible,
    gcTime: 0,
    retry: false,
  });
}

/** The tutor being booked: name, rate and subjects come from the public profile. */
export function useBookedTutor(tutorId: string) {
  return useQuery({
    queryKey: ['booking', 'tutor', tutorId],
    queryFn: async () => tutorProfileResponse.parse(await api.get(tutorPath(tutorId))),
    retry: false,
  });
}
