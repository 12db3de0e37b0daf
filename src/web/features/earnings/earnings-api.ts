import { useQuery } from '@tanstack/react-query';
import { getEarnings } from '../../../contracts/packages.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export type Earnings = EndpointOutput<typeof getEarnings>;
export type EarningsLesson = Earnings['paidLessons'][number];

/** The signed-in tutor's earnings: totals, months, paid and upcoming lessons. */
export function useEarnings() {
  return useQuery({
    queryKey: queryKeys.earnings,
    queryFn: () => call(getEarnings),
    // The error panel offers Try Again: no silent retries before it shows.
    retry: false,
  });
}
