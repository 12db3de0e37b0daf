import { useQuery } from '@tanstack/react-query';
import { getBilling } from '../../../contracts/payments.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in student's payments (newest first) and the packages they bought. */
export function useBilling() {
  return useQuery({
    queryKey: queryKeys.billing,
    queryFn: () => call(getBilling),
    // The error panel offers Try Again: no silent retries before it shows.
    retry: false,
  });
}
