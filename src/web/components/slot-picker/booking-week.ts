import type { DaySlot } from '../../../domain/scheduling/generate-slots';
import { formatLocalDate, parseLocalDate } from '../../../domain/scheduling/local-date';
import type { TimePeriod } from '../../../domain/scheduling/time-period';
import { BOOKING_WEEK_DAYS } from '../../../domain/booking/booking-rules';

// The week strip's calendar arithmetic on the viewer's own dates ('YYYY-MM-DD'). A week is
// seven days from today (then 7, 14, … days on), so the strip never offers a past day.

export function addDays(date: string, days: number): string {
  const day = parseLocalDate(date);
  if (day === null) throw new RangeError(`Not a date: ${date}`);
  return formatLocalDate(day + days);
}

/** The first date of the week `offset` weeks after today's. */
export const weekStart = (today: string, offset: number) =>
  addDays(today, offset * BOOKING_WEEK_DAYS);

export const weekDates = (from: string) =>
  Array.from({ length: BOOKING_WEEK_DAYS }, (_, index) => addDays(from, index));

/**
 * The day the modal selects by itself: today if it has slots, else the first later
 * day of the week that has some, else the first day shown, where the list says there are none.
 * (Today, when shown, is the week's first day: the first open day is today whenever it can be.)
 */
export function defaultDay(
  days: readonly { dateStr: string; slots: readonly unknown[] }[],
  today: string,
): string | null {
  const upcoming = days.filter((day) => day.dateStr >= today);
  return (upcoming.find((day) => day.slots.length > 0) ?? upcoming[0])?.dateStr ?? null;
}

const PERIODS: readonly { period: TimePeriod; label: string }[] = [
  { period: 'morning', label: 'Morning' },
  { period: 'afternoon', label: 'Afternoon' },
  { period: 'evening', label: 'Evening' },
];

/** A day's slots under their period headings, in order; empty periods are left out. */
export function slotsByPeriod(slots: readonly DaySlot[]) {
  return PERIODS.map(({ period, label }) => ({
    period,
    label,
    slots: slots.filter((slot) => slot.period === period),
  })).filter((group) => group.slots.length > 0);
}

// A civil date formatted as itself: noon UTC never crosses a date line in the UTC formatter.
const civil = (date: string) => new Date(`${date}T12:00:00Z`);
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });

/** The parts a day button shows: 'Mon', '8', and 'Monday, March 8' for its full name. */
export function dayParts(date: string) {
  const at = civil(date);
  return {
    weekday: dateFormat({ weekday: 'short' }).format(at),
    day: dateFormat({ day: 'numeric' }).format(at),
    full: dateFormat({ weekday: 'long', month: 'long', day: 'numeric' }).format(at),
  };
}

/** 'March 2027', or 'March – April 2027' for a week across two months. */
export const monthsOf = (first: string, last: string) =>
  dateFormat({ month: 'long', year: 'numeric' }).formatRange(civil(first), civil(last));
