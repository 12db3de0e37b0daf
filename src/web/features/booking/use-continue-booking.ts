import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { FROM_BOOKING, savePendingBooking, type PendingBooking } from './pending-booking';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { fetchSlots } from './booking-api';
import { paths } from '../../lib/paths';

/**
 * Continue to the checkout (a trial, a single lesson or a package): asks the server once more
 * whether the chosen slot is still offered (the list may be minutes old), keeps the choice as
 * the pending booking and opens the checkout. A slot taken meanwhile is said so and handed
 * back to `onSlotGone`.
 */
export function useContinueBooking(onSlotGone: () => void) {
  const navigate = useNavigate();
  const [preparing, setPreparing] = useState(false);

  const proceed = async (booking: PendingBooking) => {
    setPreparing(true);
    const toastId = notify.loading(M.preparing);
    try {
      const fresh = await fetchSlots({
        tutorId: booking.tutorProfileId,
        fromDate: booking.bookingDate,
        days: 1,
        lessonMinutes: booking.lessonMinutes,
        viewerZone: booking.viewerZone,
      });
      const stillOffered = fresh.days.some((day) =>
        day.slots.some((slot) => slot.startTime === booking.startTime),
      );
      if (!stillOffered) {
        notify.error(M.slotUnavailable, toastId);
        setPreparing(false);
        onSlotGone();
        return;
      }
      savePendingBooking(booking);
      notify.dismiss(toastId);
      navigate(paths.payment.checkout, { state: FROM_BOOKING });
    } catch (error) {
      notify.error(messageOf(error, M.prepareFailed), toastId);
      setPreparing(false);
    }
  };
  return { preparing, proceed };
}
