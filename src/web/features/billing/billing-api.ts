import { useQuery } from '@tanstack/react-query';
import { getBilling, getReceipt } from '../../../contracts/payments.contract';
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

/** One payment's receipt (the server answers 404 to anyone but its payer and admins). */
export function useReceipt(paymentId: string) {
  return useQuery({
    queryKey: queryKeys.receipt(paymentId),
    queryFn: () => call(getReceipt, { params: { id: paymentId } }),
    retry: false,
  });
}
