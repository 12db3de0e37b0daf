import { useAccountZone } from '../../../lib/account-zone';
import { formatCivilDate } from '../../../lib/dates';
import { shortDateTime } from '../../../lib/lesson-time';

/** A moment as the admin reads it, in their account's zone: 'Nov 24, 2026, 9:05 AM'. */
export function useDateTime() {
  const zone = useAccountZone();
  return (iso: string) => shortDateTime(iso, zone);
}

/** A weekday's short name (0 = Sunday, as availability stores it; 2024-01-07 was a Sunday). */
export const weekdayName = (day: number) =>
  formatCivilDate(`2024-01-${String(7 + day).padStart(2, '0')}`, 'weekday');
