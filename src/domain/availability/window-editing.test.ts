import { describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../messages';
import { addWindowWithinCap, windowStartingAt } from './window-editing';
import type { WeeklyWindow } from './weekly-window';

const window = (dayOfWeek: number, startTime: string, endTime: string): WeeklyWindow => ({
  dayOfWeek,
  startTime,
  endTime,
});

describe('window editing', () => {
  it('creates a window of the picked length, cut at midnight', () => {
    expect(windowStartingAt(1, 9 * 60, 120)).toEqual(window(1, '09:00', '11:00'));
    expect(windowStartingAt(1, 23 * 60, 120)).toEqual(window(1, '23:00', '24:00'));
  });

  it('adds, merges within 30 minutes, and says which', () => {
    const first = addWindowWithinCap([], window(1, '09:00', '11:00'));
    expect(first).toMatchObject({ ok: true, merged: false, message: M.slotAdded });
    const second = addWindowWithinCap(first.ok ? first.windows : [], window(1, '11:30', '12:00'));
    expect(second).toEqual({
      ok: true,
      merged: true,
      message: M.slotsMerged,
      windows: [window(1, '09:00', '12:00')],
    });
  });

  it('refuses a window that would pass the weekly cap and keeps the week', () => {
    const fullDays = [0, 1, 2, 3, 4].map((day) => window(day, '00:00', '24:00')); // 120 h
    expect(addWindowWithinCap(fullDays, window(5, '00:00', '06:00'))).toMatchObject({ ok: true });
    expect(addWindowWithinCap(fullDays, window(5, '00:00', '06:30'))).toEqual({
      ok: false,
      message: 'Cannot add slot: would exceed maximum of 126 hours per week',
    });
  });

  it('refuses a window that ends before it starts', () => {
    expect(addWindowWithinCap([], window(2, '10:00', '10:00'))).toEqual({
      ok: false,
      message: M.endAfterStart,
    });
  });
});
