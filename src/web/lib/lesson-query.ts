import { useQuery } from '@tanstack/react-query';
import { getLesson } from '../../contracts/booking.contract';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/** One lesson as the server has it now (none asked for: `lessonId` null). */
export function useLesson(lessonId: string | null) {
  return useQuery({
    queryKey: queryKeys.lessons.detail(lessonId ?? ''),
    queryFn: async () => (await call(getLesson, { params: { id: lessonId ?? '' } })).lesson,
    enabled: lessonId !== null,
    retry: false,
  });
}
