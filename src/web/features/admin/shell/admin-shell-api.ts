import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  adminLiveEvent,
  getAdminOverview,
  listAuditLog,
} from '../../../../contracts/admin.contract';
import { call } from '../../../lib/api-client';
import { subscribeLiveFrames } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';

// The admin shell's data. The counts change as people sign up, submit and report: they refresh
// every minute and whenever the admin comes back to the window, and at once when the live
// socket says a report was filed or resolved (or it reconnected, when one may have been missed).

export const OVERVIEW_REFRESH_MS = 60_000;

/** Refetches the counts, and the reports lists, when the live socket says they changed. */
function useLiveCounts() {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeLiveFrames((frame) => {
        const changed = adminLiveEvent.safeParse(frame).success;
        if (!changed && (frame as { type?: unknown } | null)?.type !== 'ready') return;
        void client.invalidateQueries({ queryKey: queryKeys.adminShell.overview });
        void client.invalidateQueries({ queryKey: queryKeys.adminReports.all });
      }),
    [client],
  );
}

export function useAdminOverview() {
  useLiveCounts();
  return useQuery({
    queryKey: queryKeys.adminShell.overview,
    queryFn: () => call(getAdminOverview),
    refetchInterval: OVERVIEW_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: queryKeys.adminShell.audit(page),
    queryFn: () => call(listAuditLog, { query: { page } }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}
