import { CANCELLATION_POLICY } from '../booking/cancellation-policy';

// When a tutor's money may leave (issue #25, ADR 028).

/** The least a tutor may withdraw ($20), unless PAYOUT_MINIMUM_CENTS says otherwise. */
export const DEFAULT_PAYOUT_MINIMUM_CENTS = 2000;

const HOUR_MS = 3_600_000;

/**
 * An earned lesson's money is available once no one may report the lesson any more: at its end
 * plus the no-show window (48 h), the instant from which a report is refused.
 */
export const releaseAt = (endsAt: Date) =>
  new Date(endsAt.getTime() + CANCELLATION_POLICY.noShowReportHours * HOUR_MS);
