// The booking modal's time periods in the viewer's zone: morning before noon, afternoon until
// 5 pm, evening after.

export type TimePeriod = 'morning' | 'afternoon' | 'evening';

const NOON = 12 * 60;
const FIVE_PM = 17 * 60;

/** Morning before 12:00, afternoon before 17:00, evening after; by minutes after midnight. */
export function timePeriodOf(minutesOfDay: number): TimePeriod {
  if (minutesOfDay < NOON) return 'morning';
  return minutesOfDay < FIVE_PM ? 'afternoon' : 'evening';
}
