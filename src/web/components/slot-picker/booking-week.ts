import type { DaySlot } from '../../../domain/scheduling/generate-slots';
import { formatLocalDate, parseLocalDate } from '../../../domain/scheduling/local-date';
import type { TimePeriod } from '../../../domain/scheduling/time-period';
import { BOOKING_WEEK_DAYS } from '../../../domain/booking/booking-rules';
import { formatCivilDate, formatCivilRange } from '../../lib/dates';

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

/** The parts a day button shows: 'Mon', '8', and 'Monday, March 8' for its full name. */
export function dayParts(date: string) {
  return {
    weekday: formatCivilDate(date, 'weekday'),
    day: formatCivilDate(date, 'dayOfMonth'),
    full: formatCivilDate(date, 'weekdayDate', true),
  };
}

/** 'March 2027', or 'March – April 2027' for a week across two months. */
export const monthsOf = (first: string, last: string) => formatCivilRange(first, last, 'monthYear');
