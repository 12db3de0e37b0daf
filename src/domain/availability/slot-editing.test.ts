import { describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../messages';
import { addSlotWithinCap, slotStartingAt } from './slot-editing';
import type { WeeklySlot } from './weekly-slot';

const slot = (dayOfWeek: number, startTime: string, endTime: string): WeeklySlot => ({
  dayOfWeek,
  startTime,
  endTime,
});

describe('slot editing', () => {
  it('creates a slot of the picked length, cut at midnight', () => {
    expect(slotStartingAt(1, 9 * 60, 120)).toEqual(slot(1, '09:00', '11:00'));
    expect(slotStartingAt(1, 23 * 60, 120)).toEqual(slot(1, '23:00', '24:00'));
  });

  it('adds, merges within 30 minutes, and says which', () => {
    const first = addSlotWithinCap([], slot(1, '09:00', '11:00'));
    expect(first).toMatchObject({ ok: true, merged: false, message: M.slotAdded });
    const second = addSlotWithinCap(first.ok ? first.slots : [], slot(1, '11:30', '12:00'));
    expect(second).toEqual({
      ok: true,
      merged: true,
      message: M.slotsMerged,
      slots: [slot(1, '09:00', '12:00')],
    });
  });

  it('refuses a slot that would pass the weekly cap and keeps the week', () => {
    const fullDays = [0, 1, 2, 3, 4].map((day) => slot(day, '00:00', '24:00')); // 120 h
    expect(addSlotWithinCap(fullDays, slot(5, '00:00', '06:00'))).toMatchObject({ ok: true });
    expect(addSlotWithinCap(fullDays, slot(5, '00:00', '06:30'))).toEqual({
      ok: false,
      message: 'Cannot add slot: would exceed maximum of 126 hours per week',
    });
  });

  it('refuses a slot that ends before it starts', () => {
    expect(addSlotWithinCap([], slot(2, '10:00', '10:00'))).toEqual({
      ok: false,
      message: M.endAfterStart,
    });
  });
});
