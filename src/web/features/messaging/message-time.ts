import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { calendarDaysUntil, clockTime, longDate, shortDate } from '../../lib/lesson-time';

// When messages were sent, as the viewer reads it in their zone.

/** The line between two days of a thread: 'Today', 'Yesterday' or 'Monday, March 2, 2026'. */
export function daySeparator(instant: string, now: Date, zone: string): string {
  const days = calendarDaysUntil(instant, now, zone);
  if (days === 0) return M.today;
  if (days === -1) return M.yesterday;
  return longDate(instant, zone);
}

/** An inbox row's time: the clock time today, else the date. */
export const inboxTime = (instant: string, now: Date, zone: string) =>
  calendarDaysUntil(instant, now, zone) === 0 ? clockTime(instant, zone) : shortDate(instant, zone);
