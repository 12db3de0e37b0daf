import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointOutput } from '../../../contracts/endpoint';
import {
  getTutorPayouts,
  startPayoutOnboarding,
  withdrawEarnings,
} from '../../../contracts/payouts.contract';
import { call } from '../../lib/api-client';

export type TutorPayouts = EndpointOutput<typeof getTutorPayouts>;

const key = ['tutor', 'payouts'] as const;

/** The signed-in tutor's balances, commission tier, lesson lines and payouts (the ledger's). */
export function useTutorPayouts() {
  return useQuery({ queryKey: key, queryFn: () => call(getTutorPayouts), retry: false });
}

/** Pays out everything available; the balances are read again after. */
export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(withdrawEarnings),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Opens the payout provider's page (the built-in one outside this app, or Stripe's). */
export function useOpenPayoutOnboarding() {
  return useMutation({
    mutationFn: () => call(startPayoutOnboarding),
    onSuccess: ({ onboardingUrl }) => window.location.assign(onboardingUrl),
  });
}
