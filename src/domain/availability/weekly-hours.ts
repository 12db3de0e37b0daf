import { MAX_WEEKLY_HOURS, MINUTES_PER_DAY, toMinutes, type WeeklyWindow } from './weekly-window';

/**
 * Hours per week as the availability card shows them: weekdays outside 0-6 are
 * ignored, identical ranges on a day count once, an end at or before its start runs into the
 * next day (+24 h); rounded to one decimal.
 */
export function weeklyHours(windows: readonly WeeklyWindow[]): number {
  const seen = new Set<string>();
  let minutes = 0;
  for (const window of windows) {
    if (!Number.isInteger(window.dayOfWeek) || window.dayOfWeek < 0 || window.dayOfWeek > 6)
      continue;
    const key = `${window.dayOfWeek}|${window.startTime}|${window.endTime}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const start = toMinutes(window.startTime);
    const end = toMinutes(window.endTime);
    minutes += end > start ? end - start : end + MINUTES_PER_DAY - start;
  }
  return Math.round((minutes / 60) * 10) / 10;
}

/** True when the windows stay within the weekly cap (126 hours). */
export function withinWeeklyCap(
  windows: readonly WeeklyWindow[],
  capHours = MAX_WEEKLY_HOURS,
): boolean {
  return weeklyHours(windows) <= capHours;
}
