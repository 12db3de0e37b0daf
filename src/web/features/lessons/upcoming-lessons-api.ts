import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUpcomingLessons } from '../../../contracts/booking.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in user's lessons that have not ended, within `days` (a student's or a tutor's). */
export function useUpcomingLessons(days: number) {
  return useQuery({
    queryKey: queryKeys.lessons.upcoming(days),
    queryFn: async () => (await call(getUpcomingLessons, { query: { days } })).lessons,
    // Another range keeps the current list on screen (dimmed) until its lessons arrive.
    placeholderData: keepPreviousData,
    // Lessons start, end and change status with the clock: check again every minute.
    refetchInterval: 60_000,
    retry: false,
  });
}
