import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { upcomingLessonsResponse } from '../../../contracts/booking.contract';
import { api } from '../../lib/api-client';

export const UPCOMING_LESSONS_KEY = ['lessons', 'upcoming'] as const;

/** The signed-in user's lessons that have not ended, within `days` (a student's or a tutor's). */
export function useUpcomingLessons(days: number) {
  return useQuery({
    queryKey: [...UPCOMING_LESSONS_KEY, days],
    queryFn: async () =>
      upcomingLessonsResponse.parse(await api.get(`/api/lessons/upcoming?days=${days}`)).lessons,
    // Another range keeps the current list on screen (dimmed) until its lessons arrive.
    placeholderData: keepPreviousData,
    // Lessons start, end and change status with the clock: check again every minute.
    refetchInterval: 60_000,
    retry: false,
  });
}
