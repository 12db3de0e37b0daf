import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAdminUser,
  restoreUser,
  searchUsers,
  suspendUser,
  type AdminUserDetail,
  type UserSearchQuery,
} from '../../../../contracts/admin-users.contract';
import { sendTutorBack, type RejectInput } from '../../../../contracts/tutor-approval.contract';
import type { RestoreUserInput, SuspendUserInput } from '../../../../domain/admin/user-admin-rules';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The admin's users pages over their contracts: a search page, one user, and suspending or
// restoring them (which changes both the user and every search that lists them).

export function useUserSearch(query: UserSearchQuery) {
  return useQuery({
    queryKey: queryKeys.adminUsers.search(query),
    queryFn: () => call(searchUsers, { query }),
    // The list stays while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: queryKeys.adminUsers.detail(userId),
    queryFn: () => call(getAdminUser, { params: { id: userId } }),
  });
}

/** Suspends (`action: 'suspend'`) or restores a user; the answer is the user's page. */
export function useSuspension(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { action: 'suspend'; body: SuspendUserInput }
        | { action: 'restore'; body: RestoreUserInput },
    ): Promise<AdminUserDetail> =>
      input.action === 'suspend'
        ? call(suspendUser, { params: { id: userId }, body: input.body })
        : call(restoreUser, { params: { id: userId }, body: input.body }),
    onSuccess: (user) => {
      client.setQueryData(queryKeys.adminUsers.detail(userId), user);
      // The sidebar's counts change (active users, pending verifications, open reports), and a
      // suspension settles the reports about the user.
      for (const queryKey of [
        queryKeys.adminUsers.all,
        queryKeys.adminShell.overview,
        queryKeys.adminReports.all,
      ])
        void client.invalidateQueries({ queryKey });
    },
  });
}

/** Sends an approved tutor back for review; the user page reloads. */
export function useSendBack(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectInput) => call(sendTutorBack, { params: { id: userId }, body }),
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.adminUsers.detail(userId),
        queryKeys.adminUsers.all,
        queryKeys.adminShell.overview,
      ])
        void client.invalidateQueries({ queryKey });
    },
  });
}
