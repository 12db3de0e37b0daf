import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approveTutor,
  listTutorApprovals,
  rejectTutor,
  type RejectInput,
} from '../../../../contracts/tutor-approval.contract';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The admin's approval queue over its contracts: one page of pending profiles (oldest first),
// and the two decisions, after which the queue is read again (the decided profile leaves it).

export function useApprovalQueue(page: number) {
  return useQuery({
    queryKey: queryKeys.tutorApprovals.page(page),
    queryFn: () => call(listTutorApprovals, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export type DecisionRequest =
  | { profileId: string; decision: 'approve' }
  | { profileId: string; decision: 'reject'; input: RejectInput };

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: DecisionRequest) =>
      request.decision === 'approve'
        ? call(approveTutor, { params: { id: request.profileId }, body: {} })
        : call(rejectTutor, { params: { id: request.profileId }, body: request.input }),
    // Another admin's decision (409) changes the queue too: read it again either way, and the
    // sidebar's count of pending verifications with it.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.tutorApprovals.all }),
        client.invalidateQueries({ queryKey: queryKeys.adminShell.overview }),
      ]),
  });
}
