import { z } from 'zod/mini';
import { paymentView } from '../../../contracts/payments.contract';
import { pendingBookingSchema } from './pending-booking';
import { loadStudentsOwn, saveChecked } from '../../lib/student-storage';

// The payment under way, kept in the browser while the student is on the provider's hosted
// page (the spec's local storage key pendingPayment): the payment the server recorded, the
// provider's session id and the booking it pays for. It only carries the screens across the
// redirect (the cancel page's Try Again restores it); the server settles what was paid.

const KEY = 'pendingPayment';

const pendingPaymentSchema = z.object({
  /** Whose payment it is: another account signed in on this browser must not see it. */
  studentId: z.string(),
  sessionId: z.string(),
  payment: paymentView,
  booking: pendingBookingSchema,
});
export type PendingPayment = z.output<typeof pendingPaymentSchema>;

export function savePendingPayment(pending: PendingPayment): void {
  saveChecked(KEY, pendingPaymentSchema, pending);
}

/** The saved payment of this student, or null when there is none (or it is unreadable). */
export function loadPendingPayment(studentId: string): PendingPayment | null {
  return loadStudentsOwn(KEY, pendingPaymentSchema, studentId);
}

export function clearPendingPayment(): void {
  localStorage.removeItem(KEY);
}

/** The spec's session-storage marker of a checkout session the success page has handled. */
const markerKey = (sessionId: string) => `processed_${sessionId}`;
type Marker = 'processing' | 'completed';

export function sessionMarker(sessionId: string): Marker | null {
  const value = sessionStorage.getItem(markerKey(sessionId));
  return value === 'processing' || value === 'completed' ? value : null;
}

export function markSession(sessionId: string, marker: Marker): void {
  sessionStorage.setItem(markerKey(sessionId), marker);
}
