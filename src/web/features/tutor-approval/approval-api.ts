import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getOwnApproval, resubmitProfile } from '../../../contracts/tutor-approval.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in tutor's review status and the latest rejection. */
export function useOwnApproval() {
  return useQuery({ queryKey: queryKeys.tutorApprovals.own, queryFn: () => call(getOwnApproval) });
}

/** Back to the review queue after a rejection; the answer is the new status. */
export function useResubmit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(resubmitProfile),
    onSuccess: (status) => client.setQueryData(queryKeys.tutorApprovals.own, status),
  });
}
