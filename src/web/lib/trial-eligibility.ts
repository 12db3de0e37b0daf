import { useQuery } from '@tanstack/react-query';
import { getTrialEligibility, type TrialEligibility } from '../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../domain/messages';
import { call } from './api-client';
import { shortDateTime } from './lesson-time';
import { queryKeys } from './query-keys';

// The student's trial with a tutor, as the profile's button and the booking modal show it. Like
// the slots it changes with every booking: never served from cache (gcTime 0).

/** Whether the trial is still the student's to book, and its time while it is booked ahead. */
export function useTrialEligibility(tutorId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.tutors.trialEligibility(tutorId),
    queryFn: () => call(getTrialEligibility, { params: { id: tutorId } }),
    gcTime: 0,
    retry: false,
    enabled,
  });
}

/** What a used trial's notice says: when it is while it is ahead, else that it was had. */
export function trialUsedText(eligibility: TrialEligibility, zone: string): string | null {
  if (eligibility.upcomingTrial)
    return M.trialBookedFor(shortDateTime(eligibility.upcomingTrial.startTime, zone));
  return eligibility.eligible ? null : M.trialUsed;
}
