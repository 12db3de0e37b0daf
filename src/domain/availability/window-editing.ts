import { TUTOR_PROFILE_MESSAGES as M } from '../messages';
import { addWindow } from './merge-windows';
import { withinWeeklyCap } from './weekly-hours';
import {
  fromMinutes,
  MAX_WEEKLY_HOURS,
  MINUTES_PER_DAY,
  toMinutes,
  type WeeklyWindow,
} from './weekly-window';

/** A click in the editor creates a window of this length unless the tutor picks another. */
export const EDITOR_DEFAULT_WINDOW_MINUTES = 120;

/** The editor's week runs Monday to Sunday (weekday numbers stay 0-6, Sunday first). */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** A window of `durationMinutes` from `startMinutes`, cut at the end of the day. */
export function windowStartingAt(
  dayOfWeek: number,
  startMinutes: number,
  durationMinutes: number,
): WeeklyWindow {
  return {
    dayOfWeek,
    startTime: fromMinutes(startMinutes),
    endTime: fromMinutes(Math.min(startMinutes + durationMinutes, MINUTES_PER_DAY)),
  };
}

type AddWindowOutcome =
  | { ok: true; windows: WeeklyWindow[]; merged: boolean; message: string }
  | { ok: false; message: string };

/**
 * Adds a window the way the editor does: joined with near or overlapping windows of its day,
 * refused when the week would pass the 126-hour cap or the window ends before it starts.
 */
export function addWindowWithinCap(
  existing: readonly WeeklyWindow[],
  added: WeeklyWindow,
  capHours = MAX_WEEKLY_HOURS,
): AddWindowOutcome {
  if (toMinutes(added.endTime) <= toMinutes(added.startTime)) {
    return { ok: false, message: M.endAfterStart };
  }
  const { windows, merged } = addWindow(existing, added);
  if (!withinWeeklyCap(windows, capHours)) {
    return { ok: false, message: M.weeklyCapExceeded(capHours) };
  }
  return { ok: true, windows, merged, message: merged ? M.slotsMerged : M.slotAdded };
}

/**
 * Moves (or resizes) a window the way the editor adds one: joined with windows it comes near,
 * refused as adding would be. The week without `from` must still allow `to`.
 */
export function moveWindowWithinCap(
  existing: readonly WeeklyWindow[],
  from: WeeklyWindow,
  to: WeeklyWindow,
  capHours = MAX_WEEKLY_HOURS,
): AddWindowOutcome {
  const outcome = addWindowWithinCap(
    existing.filter((other) => !sameWindow(other, from)),
    to,
    capHours,
  );
  return outcome.ok && !outcome.merged ? { ...outcome, message: M.slotMoved } : outcome;
}

export const sameWindow = (a: WeeklyWindow, b: WeeklyWindow) =>
  a.dayOfWeek === b.dayOfWeek && a.startTime === b.startTime && a.endTime === b.endTime;
