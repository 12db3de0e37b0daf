import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lessonResponse, slotsResponse } from '../../../contracts/booking.contract';
import type { RescheduleLessonInput } from '../../../domain/booking/booking-schemas';
import { BOOKING_WEEK_DAYS } from '../../../domain/booking/booking-rules';
import { api } from '../../lib/api-client';
import { UPCOMING_LESSONS_KEY } from './upcoming-lessons-api';

const lessonPath = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}`;

/**
 * The week of times a lesson can move to, in the viewer's zone. Like the booking slots they
 * change with anyone's booking, so they are never served from cache.
 */
export function useRescheduleSlots(lessonId: string | null, fromDate: string, viewerZone: string) {
  return useQuery({
    queryKey: ['lessons', 'reschedule-slots', lessonId, fromDate, viewerZone],
    queryFn: async () => {
      const query = new URLSearchParams({
        fromDate,
        days: String(BOOKING_WEEK_DAYS),
        viewerZone,
      });
      return slotsResponse.parse(await api.get(`${lessonPath(lessonId!)}/slots?${query}`));
    },
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
    mutationFn: async ({ lessonId, body }: { lessonId: string; body: RescheduleLessonInput }) =>
      lessonResponse.parse(await api.post(`${lessonPath(lessonId)}/reschedule`, body)).lesson,
    onSettled: () => client.invalidateQueries({ queryKey: UPCOMING_LESSONS_KEY }),
  });
}
