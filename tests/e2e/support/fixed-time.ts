// Every browser test runs at one instant: the app server's clock and each page's clock start
// here, so what is "today", "in progress" or "in the past" never depends on when the run is.
//
// Friday 6 March 2026, 19:10 UTC: 14:10 in New York (the afternoon's first hours are already
// past), 19:10 in London, and already 04:10 on Saturday in Tokyo (a viewer's date differs from
// UTC's). New York moves its clocks forward on Sunday 8 March while London waits until the
// 29th, so the week ahead crosses a DST change: its lessons' offsets differ from today's.
export const FIXED_NOW = new Date('2026-03-06T19:10:00Z');

/**
 * The date in `zone`, `daysAhead` calendar days after FIXED_NOW's date there (YYYY-MM-DD).
 * Counted in days, not 24-hour steps, so a DST change in between never skips or repeats one.
 */
export function dateIn(zone: string, daysAhead = 0): string {
  const today = FIXED_NOW.toLocaleDateString('en-CA', { timeZone: zone });
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysAhead);
  return date.toISOString().slice(0, 10);
}
