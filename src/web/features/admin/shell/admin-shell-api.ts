import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAdminOverview, listAuditLog } from '../../../../contracts/admin.contract';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The admin shell's data. The counts change as people sign up, submit and report: they refresh
// every minute and whenever the admin comes back to the window.

export const OVERVIEW_REFRESH_MS = 60_000;

export function useAdminOverview() {
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
