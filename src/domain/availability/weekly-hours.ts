import { MAX_WEEKLY_HOURS, MINUTES_PER_DAY, toMinutes, type WeeklySlot } from './weekly-slot';

/**
 * Hours per week as the availability card shows them (spec 3 §5): weekdays outside 0-6 are
 * ignored, identical ranges on a day count once, an end at or before its start runs into the
 * next day (+24 h); rounded to one decimal.
 */
export function weeklyHours(slots: readonly WeeklySlot[]): number {
  const seen = new Set<string>();
  let minutes = 0;
  for (const slot of slots) {
    if (!Number.isInteger(slot.dayOfWeek) || slot.dayOfWeek < 0 || slot.dayOfWeek > 6) continue;
    const key = `${slot.dayOfWeek}|${slot.startTime}|${slot.endTime}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const start = toMinutes(slot.startTime);
    const end = toMinutes(slot.endTime);
    minutes += end > start ? end - start : end + MINUTES_PER_DAY - start;
  }
  return Math.round((minutes / 60) * 10) / 10;
}

/** True when the slots stay within the weekly cap (126 hours). */
export function withinWeeklyCap(
  slots: readonly WeeklySlot[],
  capHours = MAX_WEEKLY_HOURS,
): boolean {
  return weeklyHours(slots) <= capHours;
}
