import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelLesson,
  getCancellationQuote,
  reportNoShow,
} from '../../../contracts/cancellation.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** What canceling would do now, asked each time the step opens (time moves the answer). */
export function useCancellationQuote(lessonId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.lessons.all, 'cancellation', lessonId ?? ''],
    queryFn: () => call(getCancellationQuote, { params: { id: lessonId ?? '' } }),
    enabled: lessonId !== null,
    gcTime: 0,
    retry: false,
  });
}

/** Lists, Billing and package credits change with a cancel or a report: all reload. */
function useSettling<T>(mutationFn: (lessonId: string, reason: string) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, reason }: { lessonId: string; reason: string }) =>
      mutationFn(lessonId, reason),
    // Not awaited: the canceled lesson leaves the lists, and the dialog showing it may go
    // before the caller's own callbacks (its toast) would otherwise run.
    onSettled: () => {
      for (const queryKey of [queryKeys.lessons.all, queryKeys.billing, queryKeys.tutors.all])
        void client.invalidateQueries({ queryKey });
    },
  });
}

export const useCancelLesson = () =>
  useSettling((id, reason) => call(cancelLesson, { params: { id }, body: { reason } }));

export const useReportNoShow = () => useSettling((id) => call(reportNoShow, { params: { id } }));
