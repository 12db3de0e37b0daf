import { useMutation } from '@tanstack/react-query';
import {
  cancelCheckout,
  confirmCheckout,
  startCheckout,
  type CheckoutResult,
  type StartCheckoutInput,
} from '../../../contracts/payments.contract';
import { call } from '../../lib/api-client';

// The paid checkout's calls (checkout, success and cancel pages), checked against the contracts.

/** Holds the slot, records the pending payment and opens a session with the provider. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: StartCheckoutInput) => call(startCheckout, { body: input }),
  });
}

/**
 * Settles a checkout session from the provider's own record and answers its outcome
 * (idempotent: asking again answers the same). The success page's call.
 */
export const confirmCheckoutSession = (sessionId: string): Promise<CheckoutResult> =>
  call(confirmCheckout, { params: { id: sessionId } });

/** Cancels a pending payment: its slot is released at once rather than when the hold lapses. */
export function useCancelCheckout() {
  return useMutation({
    mutationFn: async (paymentId: string) =>
      (await call(cancelCheckout, { params: { id: paymentId } })).payment,
  });
}
