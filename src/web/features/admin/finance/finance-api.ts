import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointOutput } from '../../../../contracts/endpoint';
import { adjustBalance, getFinance, retryPayout } from '../../../../contracts/payouts.contract';
import { call } from '../../../lib/api-client';

export type Finance = EndpointOutput<typeof getFinance>;

const key = ['admin', 'finance'] as const;

/** The platform's money from the ledger: totals, tutors' balances, payouts. */
export function useFinance() {
  return useQuery({ queryKey: key, queryFn: () => call(getFinance), retry: false });
}

/** Pays a failed payout's tutor again; the figures are read again after. */
export function useRetryPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(retryPayout, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Adjusts a tutor's available balance with a reason; the figures are read again after. */
export function useAdjustBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { tutorProfileId: string; amountCents: number; reason: string }) =>
      call(adjustBalance, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
