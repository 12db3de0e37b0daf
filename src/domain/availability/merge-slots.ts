import { fromMinutes, MERGE_TOLERANCE_MINUTES, toMinutes, type WeeklySlot } from './weekly-slot';

export interface MergeResult {
  slots: WeeklySlot[];
  /** True when the added slot was joined with one or more existing slots. */
  merged: boolean;
}

const byDayThenStart = (a: WeeklySlot, b: WeeklySlot) =>
  a.dayOfWeek - b.dayOfWeek || toMinutes(a.startTime) - toMinutes(b.startTime);

/**
 * Adds `added` to the week. Slots on the same day that overlap it or lie within 30 minutes of
 * it are joined into one slot spanning them all (spec 2 §4), so a week never holds two slots
 * that overlap or touch on one day.
 */
export function addSlot(existing: readonly WeeklySlot[], added: WeeklySlot): MergeResult {
  let start = toMinutes(added.startTime);
  let end = toMinutes(added.endTime);
  const kept: WeeklySlot[] = [];
  let merged = false;
  // Joining can widen the range into further neighbours: repeat until nothing more joins.
  let pending = [...existing];
  let changed = true;
  while (changed) {
    changed = false;
    const next: WeeklySlot[] = [];
    for (const slot of pending) {
      const slotStart = toMinutes(slot.startTime);
      const slotEnd = toMinutes(slot.endTime);
      const near =
        slot.dayOfWeek === added.dayOfWeek &&
        slotStart <= end + MERGE_TOLERANCE_MINUTES &&
        start <= slotEnd + MERGE_TOLERANCE_MINUTES;
      if (near) {
        start = Math.min(start, slotStart);
        end = Math.max(end, slotEnd);
        merged = true;
        changed = true;
      } else {
        next.push(slot);
      }
    }
    pending = next;
  }
  kept.push(...pending, {
    dayOfWeek: added.dayOfWeek,
    startTime: fromMinutes(start),
    endTime: fromMinutes(end),
  });
  return { slots: kept.sort(byDayThenStart), merged };
}

/** Normalises any list of slots: each day's overlapping or near slots joined, sorted. */
export function mergeAll(slots: readonly WeeklySlot[]): WeeklySlot[] {
  return slots.reduce<WeeklySlot[]>((week, slot) => addSlot(week, slot).slots, []);
}

/** True when two slots on the same day overlap or touch (what a saved week may not contain). */
export function hasOverlapOrTouch(slots: readonly WeeklySlot[]): boolean {
  const sorted = [...slots].sort(byDayThenStart);
  return sorted.some((slot, index) => {
    const previous = sorted[index - 1];
    return (
      previous?.dayOfWeek === slot.dayOfWeek &&
      toMinutes(slot.startTime) <= toMinutes(previous.endTime)
    );
  });
}
