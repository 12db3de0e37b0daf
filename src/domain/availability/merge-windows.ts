import {
  fromMinutes,
  MERGE_TOLERANCE_MINUTES,
  toMinutes,
  type WeeklyWindow,
} from './weekly-window';

interface MergeResult {
  windows: WeeklyWindow[];
  /** True when the added window was joined with one or more existing windows. */
  merged: boolean;
}

const byDayThenStart = (a: WeeklyWindow, b: WeeklyWindow) =>
  a.dayOfWeek - b.dayOfWeek || toMinutes(a.startTime) - toMinutes(b.startTime);

/**
 * Adds `added` to the week. Windows on the same day that overlap it or lie within 30 minutes of
 * it are joined into one window spanning them all, so a week never holds two windows that
 * overlap or touch on one day.
 */
export function addWindow(existing: readonly WeeklyWindow[], added: WeeklyWindow): MergeResult {
  let start = toMinutes(added.startTime);
  let end = toMinutes(added.endTime);
  const kept: WeeklyWindow[] = [];
  let merged = false;
  // Joining can widen the range into further neighbours: repeat until nothing more joins.
  let pending = [...existing];
  let changed = true;
  while (changed) {
    changed = false;
    const next: WeeklyWindow[] = [];
    for (const window of pending) {
      const windowStart = toMinutes(window.startTime);
      const windowEnd = toMinutes(window.endTime);
      const near =
        window.dayOfWeek === added.dayOfWeek &&
        windowStart <= end + MERGE_TOLERANCE_MINUTES &&
        start <= windowEnd + MERGE_TOLERANCE_MINUTES;
      if (near) {
        start = Math.min(start, windowStart);
        end = Math.max(end, windowEnd);
        merged = true;
        changed = true;
      } else {
        next.push(window);
      }
    }
    pending = next;
  }
  kept.push(...pending, {
    dayOfWeek: added.dayOfWeek,
    startTime: fromMinutes(start),
    endTime: fromMinutes(end),
  });
  return { windows: kept.sort(byDayThenStart), merged };
}

/** True when two windows on the same day overlap or touch (what a saved week may not contain). */
export function hasOverlapOrTouch(windows: readonly WeeklyWindow[]): boolean {
  const sorted = [...windows].sort(byDayThenStart);
  return sorted.some((window, index) => {
    const previous = sorted[index - 1];
    return (
      previous?.dayOfWeek === window.dayOfWeek &&
      toMinutes(window.startTime) <= toMinutes(previous.endTime)
    );
  });
}
