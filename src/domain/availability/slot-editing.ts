import { TUTOR_PROFILE_MESSAGES as M } from '../messages';
import { addSlot } from './merge-slots';
import { withinWeeklyCap } from './weekly-hours';
import {
  fromMinutes,
  MAX_WEEKLY_HOURS,
  MINUTES_PER_DAY,
  toMinutes,
  type WeeklySlot,
} from './weekly-slot';

/** A click in the editor creates a slot of this length unless the tutor picks another. */
export const EDITOR_DEFAULT_SLOT_MINUTES = 120;

/** The editor's week runs Monday to Sunday (weekday numbers stay 0-6, Sunday first). */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** A slot of `durationMinutes` from `startMinutes`, cut at the end of the day. */
export function slotStartingAt(
  dayOfWeek: number,
  startMinutes: number,
  durationMinutes: number,
): WeeklySlot {
  return {
    dayOfWeek,
    startTime: fromMinutes(startMinutes),
    endTime: fromMinutes(Math.min(startMinutes + durationMinutes, MINUTES_PER_DAY)),
  };
}

export type AddSlotOutcome =
  | { ok: true; slots: WeeklySlot[]; merged: boolean; message: string }
  | { ok: false; message: string };

/**
 * Adds a slot the way the editor does: joined with near or overlapping slots of its day,
 * refused when the week would pass the 126-hour cap or the slot ends before it starts.
 */
export function addSlotWithinCap(
  existing: readonly WeeklySlot[],
  added: WeeklySlot,
  capHours = MAX_WEEKLY_HOURS,
): AddSlotOutcome {
  if (toMinutes(added.endTime) <= toMinutes(added.startTime)) {
    return { ok: false, message: M.endAfterStart };
  }
  const { slots, merged } = addSlot(existing, added);
  if (!withinWeeklyCap(slots, capHours)) {
    return { ok: false, message: M.weeklyCapExceeded(capHours) };
  }
  return { ok: true, slots, merged, message: merged ? M.slotsMerged : M.slotAdded };
}

export const sameSlot = (a: WeeklySlot, b: WeeklySlot) =>
  a.dayOfWeek === b.dayOfWeek && a.startTime === b.startTime && a.endTime === b.endTime;
