import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResult } from '../../../contracts/payments.contract';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { clearPendingBooking } from './pending-booking';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { confirmCheckoutSession } from './checkout-api';
import {
  clearPendingPayment,
  loadPendingPayment,
  markSession,
  sessionMarker,
} from './pending-payment';

/** What the success page says when the session cannot be settled. */
export const settleFailure = (error: unknown) =>
  error instanceof ApiError && error.code === 'NOT_FOUND'
    ? P.paymentSessionMissing
    : P.finalizeError;

/**
 * The success page's settlement of a checkout session: asked of the server once per visit (a
 * reload asks again and gets the same answer: the server is idempotent). The spec's marker
 * processed_{session} ('processing', then 'completed') makes the rest happen once per session:
 * the success toast, and clearing the saved booking and payment.
 */
export function useCheckoutResult(sessionId: string, studentId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.checkout(sessionId),
    queryFn: async () => {
      const handled = sessionMarker(sessionId) === 'completed';
      if (!handled) markSession(sessionId, 'processing');
      let result: CheckoutResult;
      try {
        result = await confirmCheckoutSession(sessionId);
      } catch (error) {
        notify.error(settleFailure(error), `checkout-${sessionId}`);
        throw error;
      }
      // A booked lesson changes every lesson list.
      void client.invalidateQueries({ queryKey: queryKeys.lessons.all });
      if (!handled) afterFirstAnswer(sessionId, studentId, result);
      return result;
    },
    retry: false,
    staleTime: Infinity,
  });
}

function afterFirstAnswer(sessionId: string, studentId: string, result: CheckoutResult) {
  if (result.outcome === 'booked')
    notify.success(
      result.payment.kind === 'package' ? P.packagePurchasedToast : P.paymentSuccessToast,
      `checkout-${sessionId}`,
    );
  // The saved booking and payment were this session's (unless another checkout began since).
  const saved = loadPendingPayment(studentId);
  if (!saved || saved.sessionId === sessionId) {
    clearPendingPayment();
    clearPendingBooking();
  }
  // A payment still settling is asked about again on the next visit, and told then.
  markSession(sessionId, result.outcome === 'processing' ? 'processing' : 'completed');
}
