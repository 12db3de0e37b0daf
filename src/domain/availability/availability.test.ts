import { describe, expect, it } from 'vitest';
import { addSlot, hasOverlapOrTouch, mergeAll } from './merge-slots';
import { weeklyHours, withinWeeklyCap } from './weekly-hours';
import { weeklySlotSchema, type WeeklySlot } from './weekly-slot';

const slot = (dayOfWeek: number, startTime: string, endTime: string): WeeklySlot => ({
  dayOfWeek,
  startTime,
  endTime,
});

describe('addSlot (merge within 30 minutes)', () => {
  it('keeps slots apart by more than 30 minutes', () => {
    const result = addSlot([slot(1, '09:00', '10:00')], slot(1, '10:31', '11:00'));
    expect(result).toEqual({
      slots: [slot(1, '09:00', '10:00'), slot(1, '10:31', '11:00')],
      merged: false,
    });
  });
  it('joins slots 30 minutes apart, touching or overlapping', () => {
    expect(addSlot([slot(1, '09:00', '10:00')], slot(1, '10:30', '11:00')).slots).toEqual([
      slot(1, '09:00', '11:00'),
    ]);
    expect(addSlot([slot(1, '09:00', '10:00')], slot(1, '10:00', '11:00')).slots).toEqual([
      slot(1, '09:00', '11:00'),
    ]);
    expect(addSlot([slot(1, '09:00', '12:00')], slot(1, '10:00', '11:00'))).toEqual({
      slots: [slot(1, '09:00', '12:00')],
      merged: true,
    });
  });
  it('joins a slot bridging two neighbours into one', () => {
    const week = [slot(2, '08:00', '09:00'), slot(2, '12:00', '13:00'), slot(3, '08:00', '09:00')];
    expect(addSlot(week, slot(2, '09:20', '11:40')).slots).toEqual([
      slot(2, '08:00', '13:00'),
      slot(3, '08:00', '09:00'),
    ]);
  });
  it('never joins across days, and handles the end of the day', () => {
    expect(addSlot([slot(1, '22:00', '24:00')], slot(2, '00:00', '01:00')).merged).toBe(false);
    expect(addSlot([slot(1, '22:00', '23:40')], slot(1, '23:50', '24:00')).slots).toEqual([
      slot(1, '22:00', '24:00'),
    ]);
  });
  it('normalises a whole list and detects overlap or touch', () => {
    const messy = [slot(1, '10:00', '11:00'), slot(1, '09:00', '10:00'), slot(0, '09:00', '10:00')];
    expect(hasOverlapOrTouch(messy)).toBe(true);
    const clean = mergeAll(messy);
    expect(clean).toEqual([slot(0, '09:00', '10:00'), slot(1, '09:00', '11:00')]);
    expect(hasOverlapOrTouch(clean)).toBe(false);
  });
});

describe('weeklyHours (the card rules)', () => {
  it('sums hours with one decimal', () => {
    expect(weeklyHours([slot(1, '09:00', '10:30'), slot(3, '14:00', '14:20')])).toBe(1.8);
  });
  it('ignores weekdays outside 0-6', () => {
    expect(
      weeklyHours([
        slot(7, '09:00', '10:00'),
        slot(-1, '09:00', '10:00'),
        slot(1.5, '09:00', '10:00'),
        slot(6, '09:00', '10:00'),
      ]),
    ).toBe(1);
  });
  it('counts identical ranges on a day once, but the same range on two days twice', () => {
    expect(
      weeklyHours([
        slot(1, '09:00', '11:00'),
        slot(1, '09:00', '11:00'),
        slot(2, '09:00', '11:00'),
      ]),
    ).toBe(4);
  });
  it('takes an end at or before the start as the next day', () => {
    expect(weeklyHours([slot(5, '22:00', '02:00')])).toBe(4);
    expect(weeklyHours([slot(5, '09:00', '09:00')])).toBe(24);
    expect(weeklyHours([slot(5, '00:00', '24:00')])).toBe(24);
  });
});

describe('the 126-hour weekly cap', () => {
  const fullDays = (count: number) =>
    Array.from({ length: count }, (_, day) => slot(day, '00:00', '24:00'));
  it('allows exactly 126 hours and refuses more', () => {
    expect(withinWeeklyCap([...fullDays(5), slot(5, '00:00', '06:00')])).toBe(true); // 126 h
    expect(withinWeeklyCap([...fullDays(5), slot(5, '00:00', '06:30')])).toBe(false);
    expect(withinWeeklyCap(fullDays(7))).toBe(false);
  });
});

describe('weeklySlotSchema', () => {
  it('accepts 24:00 as an end and refuses an end before the start', () => {
    expect(weeklySlotSchema.safeParse(slot(0, '22:00', '24:00')).success).toBe(true);
    const backwards = weeklySlotSchema.safeParse(slot(0, '10:00', '09:00'));
    expect(backwards.error?.issues[0]?.message).toBe('End time must be after start time');
    expect(weeklySlotSchema.safeParse(slot(0, '24:00', '24:00')).success).toBe(false);
    expect(weeklySlotSchema.safeParse(slot(7, '09:00', '10:00')).success).toBe(false);
    expect(weeklySlotSchema.safeParse(slot(1, '9:00', '10:00')).success).toBe(false);
  });
});
