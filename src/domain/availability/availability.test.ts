import { describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../messages';
import { addWindow, hasOverlapOrTouch } from './merge-windows';
import { weeklyHours, withinWeeklyCap } from './weekly-hours';
import { weeklyWindowSchema, type WeeklyWindow } from './weekly-window';
import { addWindowWithinCap, moveWindowWithinCap, windowStartingAt } from './window-editing';

const window = (dayOfWeek: number, startTime: string, endTime: string): WeeklyWindow => ({
  dayOfWeek,
  startTime,
  endTime,
});

describe('addWindow (merge within 30 minutes)', () => {
  it('keeps windows apart by more than 30 minutes', () => {
    const result = addWindow([window(1, '09:00', '10:00')], window(1, '10:31', '11:00'));
    expect(result).toEqual({
      windows: [window(1, '09:00', '10:00'), window(1, '10:31', '11:00')],
      merged: false,
    });
  });
  it('joins windows 30 minutes apart, touching or overlapping', () => {
    expect(addWindow([window(1, '09:00', '10:00')], window(1, '10:30', '11:00')).windows).toEqual([
      window(1, '09:00', '11:00'),
    ]);
    expect(addWindow([window(1, '09:00', '10:00')], window(1, '10:00', '11:00')).windows).toEqual([
      window(1, '09:00', '11:00'),
    ]);
    expect(addWindow([window(1, '09:00', '12:00')], window(1, '10:00', '11:00'))).toEqual({
      windows: [window(1, '09:00', '12:00')],
      merged: true,
    });
  });
  it('joins a window bridging two neighbours into one', () => {
    const week = [
      window(2, '08:00', '09:00'),
      window(2, '12:00', '13:00'),
      window(3, '08:00', '09:00'),
    ];
    expect(addWindow(week, window(2, '09:20', '11:40')).windows).toEqual([
      window(2, '08:00', '13:00'),
      window(3, '08:00', '09:00'),
    ]);
  });
  it('never joins across days, and handles the end of the day', () => {
    expect(addWindow([window(1, '22:00', '24:00')], window(2, '00:00', '01:00')).merged).toBe(
      false,
    );
    expect(addWindow([window(1, '22:00', '23:40')], window(1, '23:50', '24:00')).windows).toEqual([
      window(1, '22:00', '24:00'),
    ]);
  });
  it('detects windows of one day that overlap or touch, in any order', () => {
    const messy = [
      window(1, '10:00', '11:00'),
      window(1, '09:00', '10:00'),
      window(0, '09:00', '10:00'),
    ];
    expect(hasOverlapOrTouch(messy)).toBe(true);
    const clean = [window(1, '09:00', '11:00'), window(0, '09:00', '10:00')];
    expect(hasOverlapOrTouch(clean)).toBe(false);
  });
});

describe('weeklyHours (the card rules)', () => {
  it('sums hours with one decimal', () => {
    expect(weeklyHours([window(1, '09:00', '10:30'), window(3, '14:00', '14:20')])).toBe(1.8);
  });
  it('ignores weekdays outside 0-6', () => {
    expect(
      weeklyHours([
        window(7, '09:00', '10:00'),
        window(-1, '09:00', '10:00'),
        window(1.5, '09:00', '10:00'),
        window(6, '09:00', '10:00'),
      ]),
    ).toBe(1);
  });
  it('counts identical ranges on a day once, but the same range on two days twice', () => {
    expect(
      weeklyHours([
        window(1, '09:00', '11:00'),
        window(1, '09:00', '11:00'),
        window(2, '09:00', '11:00'),
      ]),
    ).toBe(4);
  });
  it('takes an end at or before the start as the next day', () => {
    expect(weeklyHours([window(5, '22:00', '02:00')])).toBe(4);
    expect(weeklyHours([window(5, '09:00', '09:00')])).toBe(24);
    expect(weeklyHours([window(5, '00:00', '24:00')])).toBe(24);
  });
});

describe('the 126-hour weekly cap', () => {
  const fullDays = (count: number) =>
    Array.from({ length: count }, (_, day) => window(day, '00:00', '24:00'));
  it('allows exactly 126 hours and refuses more', () => {
    expect(withinWeeklyCap([...fullDays(5), window(5, '00:00', '06:00')])).toBe(true); // 126 h
    expect(withinWeeklyCap([...fullDays(5), window(5, '00:00', '06:30')])).toBe(false);
    expect(withinWeeklyCap(fullDays(7))).toBe(false);
  });
});

describe('weeklyWindowSchema', () => {
  it('accepts 24:00 as an end and refuses an end before the start', () => {
    expect(weeklyWindowSchema.safeParse(window(0, '22:00', '24:00')).success).toBe(true);
    const backwards = weeklyWindowSchema.safeParse(window(0, '10:00', '09:00'));
    expect(backwards.error?.issues[0]?.message).toBe('End time must be after start time');
    expect(weeklyWindowSchema.safeParse(window(0, '24:00', '24:00')).success).toBe(false);
    expect(weeklyWindowSchema.safeParse(window(7, '09:00', '10:00')).success).toBe(false);
    expect(weeklyWindowSchema.safeParse(window(1, '9:00', '10:00')).success).toBe(false);
  });
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

  it('moves a window: the old one goes, the new one is added as any is (merged or refused)', () => {
    const week = [window(1, '09:00', '10:00'), window(3, '14:00', '16:00')];
    expect(moveWindowWithinCap(week, week[0]!, window(2, '11:00', '12:00'))).toEqual({
      ok: true,
      merged: false,
      message: M.slotMoved,
      windows: [window(2, '11:00', '12:00'), window(3, '14:00', '16:00')],
    });
    // Dropped 30 minutes from Wednesday's window: joined with it.
    expect(moveWindowWithinCap(week, week[0]!, window(3, '16:30', '17:00'))).toMatchObject({
      ok: true,
      message: M.slotsMerged,
      windows: [window(3, '14:00', '17:00')],
    });
    // A window resized past the weekly cap is refused like an added one.
    const fullDays = [0, 1, 2, 4, 5].map((day) => window(day, '00:00', '24:00'));
    expect(
      moveWindowWithinCap(
        [...fullDays, window(3, '00:00', '01:00')],
        window(3, '00:00', '01:00'),
        window(3, '00:00', '07:00'),
      ),
    ).toMatchObject({ ok: false });
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
