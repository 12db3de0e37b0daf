import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dismissReport,
  getAdminReports,
  hideReview,
  restoreReview,
  type ReportListFilter,
} from '../../../../contracts/reports.contract';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// TanStack Query hooks over the admin's reports API. An action changes the lists, the sidebar's
// counts (the admin shell's overview query) and what students see of the tutor (a hidden review).

export function useAdminReports(filter: ReportListFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminReports.list(filter),
    queryFn: ({ pageParam }) =>
      call(getAdminReports, { query: { status: filter, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminReports.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminShell.overview }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tutors.all }),
    ]);
}

export function useDismissReport() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ reportId, note }: { reportId: string; note: string }) =>
      call(dismissReport, { params: { id: reportId }, body: { note } }),
    onSuccess: refresh,
  });
}

export function useHideReview() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: { reviewId: string; reason: string; reportId?: string }) =>
      call(hideReview, {
        params: { id: input.reviewId },
        body: { reason: input.reason, ...(input.reportId && { reportId: input.reportId }) },
      }),
    onSuccess: refresh,
  });
}

export function useRestoreReview() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (reviewId: string) =>
      call(restoreReview, { params: { id: reviewId }, body: { reason: '' } }),
    onSuccess: refresh,
  });
}
