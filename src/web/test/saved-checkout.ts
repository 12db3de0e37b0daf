import { savePendingBooking, type PendingBooking } from '../features/booking/pending-booking';
import { payment, pendingSingle } from './booking-fixtures';
import { signedInStudent } from './fixtures';
import { savePendingPayment } from '../features/booking/pending-payment';

/**
 * For the pages after the provider (success, cancel): what the checkout saved before the
 * student left for the provider's page, the booking and its payment (session cs_1).
 */
export function saveCheckoutBeforeLeaving(booking: PendingBooking = pendingSingle) {
  savePendingBooking(booking);
  savePendingPayment({
    studentId: signedInStudent.id,
    sessionId: 'cs_1',
    payment: payment(),
    booking,
  });
}
