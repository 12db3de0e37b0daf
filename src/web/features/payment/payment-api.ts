import { useQuery } from '@tanstack/react-query';
import { lessonResponse } from '../../../contracts/booking.contract';
import type { BookLessonInput } from '../../../domain/booking/booking-schemas';
import { api } from '../../lib/api-client';

// The lesson calls of the checkout and success pages, checked against the contract.

export async function bookLesson(input: BookLessonInput) {
  return lessonResponse.parse(await api.post('/api/lessons', input)).lesson;
}

/** The booked lesson as the server has it: the success page's source of truth. */
export function useBookedLesson(lessonId: string | null) {
  return useQuery({
    queryKey: ['lessons', lessonId],
    queryFn: async () =>
      lessonResponse.parse(await api.get(`/api/lessons/${encodeURIComponent(lessonId ?? '')}`))
        .lesson,
    enabled: lessonId !== null,
    retry: false,
  });
}
