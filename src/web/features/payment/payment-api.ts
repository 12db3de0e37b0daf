import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookLesson, getLesson, type BookLessonInput } from '../../../contracts/booking.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// The lesson calls of the checkout and success pages, checked against the contract.

/**
 * Books the lesson. The cached lessons are then out of date (the upcoming lists and the
 * next-lesson card): they reload at once where shown, else when next shown.
 */
export function useBookLesson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: BookLessonInput) => (await call(bookLesson, { body: input })).lesson,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.lessons.all }),
  });
}

/** The booked lesson as the server has it: the success page's source of truth. */
export function useBookedLesson(lessonId: string | null) {
  return useQuery({
    queryKey: queryKeys.lessons.detail(lessonId ?? ''),
    queryFn: async () => (await call(getLesson, { params: { id: lessonId ?? '' } })).lesson,
    enabled: lessonId !== null,
    retry: false,
  });
}
