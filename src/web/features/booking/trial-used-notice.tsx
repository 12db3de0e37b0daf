import type { TrialEligibility } from '../../../contracts/booking.contract';
import { Banner } from '../../components/ui/banner';
import { trialUsedText } from '../../lib/trial-eligibility';

/**
 * The booking modal's notice once the trial is used: "booked for …" before it takes place, the
 * spec's "already had" after.
 */
export function TrialUsedNotice({
  eligibility,
  zone,
}: {
  eligibility: TrialEligibility;
  zone: string;
}) {
  const text = trialUsedText(eligibility, zone);
  if (!text) return null;
  return (
    <Banner kind={eligibility.upcomingTrial ? 'info' : 'warning'} dismissible={false}>
      {text}
    </Banner>
  );
}
