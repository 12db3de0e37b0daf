import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookLesson, getLesson, type BookLessonInput } from '../../../contracts/booking.contract';
import {
  cancelCheckout,
  confirmCheckout,
  startCheckout,
  type CheckoutResult,
  type StartCheckoutInput,
} from '../../../contracts/payments.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// The calls of the checkout, success and cancel pages, checked against the contracts.

/**
 * Books the lesson. The cached lessons are then out of date (the upcoming lists and the
 * next-lesson card): they reload at once where shown, else when next shown.
 */
export function useBookLesson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: BookLessonInput) => (await call(bookLesson, { body: input })).lesson,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.lessons.all }),
  });
}

/** The booked lesson as the server has it: the success page's source of truth. */
export function useBookedLesson(lessonId: string | null) {
  return useQuery({
    queryKey: queryKeys.lessons.detail(lessonId ?? ''),
    queryFn: async () => (await call(getLesson, { params: { id: lessonId ?? '' } })).lesson,
    enabled: lessonId !== null,
    retry: false,
  });
}

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
