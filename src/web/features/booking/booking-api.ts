import { useQuery } from '@tanstack/react-query';
import { getSlots, getTrialEligibility } from '../../../contracts/booking.contract';
import type { LessonMinutes } from '../../../domain/scheduling/slot-length';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// TanStack Query hooks over the booking API. Slots and trial eligibility change with every
// booking (anyone's): they are never served from cache (gcTime 0), so reopening the modal,
// or coming back from a failed checkout, always shows what the server says now.

interface SlotsQuery {
  tutorId: string;
  fromDate: string;
  days: number;
  lessonMinutes: LessonMinutes;
  viewerZone: string;
}

export function fetchSlots({ tutorId, ...query }: SlotsQuery) {
  return call(getSlots, { params: { id: tutorId }, query });
}

export function useSlots(query: SlotsQuery) {
  return useQuery({
    queryKey: queryKeys.tutors.slots(query.tutorId, query),
    queryFn: () => fetchSlots(query),
    gcTime: 0,
    retry: 1,
  });
}

export function useTrialEligibility(tutorId: string) {
  return useQuery({
    queryKey: queryKeys.tutors.trialEligibility(tutorId),
    queryFn: async () => (await call(getTrialEligibility, { params: { id: tutorId } })).eligible,
    gcTime: 0,
    retry: false,
  });
}
