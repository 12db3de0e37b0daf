import { useNavigate } from 'react-router';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { ApiError, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { useSchedulePackageLesson } from './booking-api';

interface ChosenSlot {
  bookingDate: string;
  slotLabel: string;
  viewerZone: string;
  notes: string;
}

/**
 * Continue with a lesson from a bought package: it is paid for, so no checkout; the server
 * books it (the same slot check as any booking) and takes the credit. Then the student's
 * schedule, where the lesson is listed. A slot taken meanwhile is said so and handed back to
 * `onSlotGone`.
 */
export function useBookFromPackage(tutorId: string, onSlotGone: () => void) {
  const navigate = useNavigate();
  const schedule = useSchedulePackageLesson(tutorId);

  const book = async (studentPackageId: string, slot: ChosenSlot) => {
    const toastId = notify.loading(M.preparing);
    try {
      await schedule.mutateAsync({ studentPackageId, ...slot });
      notify.success(P.lessonBookedToast, toastId);
      // Replace: Back must not reopen the modal on a lesson already booked.
      navigate(paths.student.schedule, { replace: true });
    } catch (error) {
      notify.error(messageOf(error, P.scheduleLessonFailed), toastId);
      // A package that can no longer pay (expired, used up) is said by the toast; only a taken
      // slot sends the student back to the times.
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') onSlotGone();
    }
  };
  return { booking: schedule.isPending, book };
}
