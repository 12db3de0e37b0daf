import { timeOfDay } from '../../lib/dates';

// The availability calendars write times as every other screen does (issue 29): FullCalendar's
// own formatting speaks its bundled 'en' whatever the reader's locale, so its time axis is
// handed our formatter. The calendars run in UTC on a generic week: the hour read is the
// window's own.

const pad = (n: number) => String(n).padStart(2, '0');

/** FullCalendar's `slotHeaderFormat`: '8:00 AM' / '08:00' on the time axis. */
export const slotHeaderText = ({ date }: { date: { hour: number; minute: number } }) =>
  timeOfDay(`${pad(date.hour)}:${pad(date.minute)}`);

interface ClockParts {
  day: number;
  hour: number;
  minute: number;
}
const clock = ({ hour, minute }: ClockParts) => `${pad(hour)}:${pad(minute)}`;

/**
 * FullCalendar's `eventTimeFormat`: '8:00 PM – 12:00 AM' / '20:00 – 24:00'. A window that
 * ends at the next day's 00:00 ends this day at 24:00, as the lists write it.
 */
export function eventTimeText({ start, end }: { start: ClockParts; end?: ClockParts | null }) {
  if (!end) return timeOfDay(clock(start));
  const endsAtMidnight = end.day !== start.day && end.hour === 0 && end.minute === 0;
  return `${timeOfDay(clock(start))} – ${timeOfDay(endsAtMidnight ? '24:00' : clock(end))}`;
}
