import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRescheduleSlots, rescheduleLesson } from '../../../contracts/booking.contract';
import { BOOKING_WEEK_DAYS } from '../../../domain/booking/booking-rules';
import { call, type BodyOf } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The week of times a lesson can move to, in the viewer's zone. Like the booking slots they
 * change with anyone's booking, so they are never served from cache.
 */
export function useRescheduleSlots(lessonId: string | null, fromDate: string, viewerZone: string) {
  return useQuery({
    queryKey: queryKeys.lessons.rescheduleSlots(lessonId ?? '', { fromDate, viewerZone }),
    queryFn: () =>
      call(getRescheduleSlots, {
        params: { id: lessonId ?? '' },
        query: { fromDate, days: BOOKING_WEEK_DAYS, viewerZone },
      }),
    enabled: lessonId !== null,
    gcTime: 0,
    retry: 1,
  });
}

/**
 * Moves a lesson. The upcoming lists reload either way: after a move the old lesson is gone and
 * the new one in; after a refusal the lesson may have changed (started, or moved elsewhere).
 */
export function useRescheduleLesson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      lessonId,
      body,
    }: {
      lessonId: string;
      body: BodyOf<typeof rescheduleLesson>;
    }) => (await call(rescheduleLesson, { params: { id: lessonId }, body })).lesson,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.lessons.upcoming() }),
  });
}
