import type { StudentPackageView } from '../../../contracts/payments.contract';
import { calendarDaysUntil } from '../../lib/lesson-time';

// When a bought package stops being usable, as the student should hear it: a warning in its
// last week (so credits are not lost unnoticed), and 'expired' once past, even before the
// server's job has marked it so.

export const EXPIRY_WARNING_DAYS = 7;

export type PackageExpiry =
  /** No validity to speak of: not paid yet, or refunded. */
  | { state: 'none' }
  | { state: 'expired' }
  /** Expires within the warning window: 0 today, 1 tomorrow... */
  | { state: 'soon'; days: number }
  | { state: 'later' };

type Dated = Pick<StudentPackageView, 'status' | 'expiresAt'>;

export function packageExpiry(pkg: Dated, now: Date | number, zone: string): PackageExpiry {
  if (pkg.status === 'expired') return { state: 'expired' };
  if (pkg.status !== 'active' || !pkg.expiresAt) return { state: 'none' };
  if (Date.parse(pkg.expiresAt) <= new Date(now).getTime()) return { state: 'expired' };
  const days = calendarDaysUntil(pkg.expiresAt, now, zone);
  return days <= EXPIRY_WARNING_DAYS ? { state: 'soon', days } : { state: 'later' };
}

/** A lesson can be scheduled from it: paid, credits left, not expired. */
export const canScheduleFrom = (
  pkg: Dated & Pick<StudentPackageView, 'lessonsLeft'>,
  expiry: PackageExpiry,
) => pkg.status === 'active' && pkg.lessonsLeft > 0 && expiry.state !== 'expired';
