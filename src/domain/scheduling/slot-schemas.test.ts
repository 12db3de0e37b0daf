import { describe, expect, it } from 'vitest';
import { SCHEDULING_MESSAGES as M } from './messages';
import { slotLengthMinutes } from './slot-length';
import { slotCheckQuerySchema, slotQuerySchema, weeklyWindowsSchema } from './slot-schemas';
import { timePeriodOf } from './time-period';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('slotQuerySchema', () => {
  const valid = { viewerZone: 'Asia/Kathmandu', fromDate: '2027-03-28' };
  it('fills the defaults: 14 days, 50-minute lessons', () => {
    expect(slotQuerySchema.parse(valid)).toEqual({ ...valid, days: 14, lessonMinutes: 50 });
  });
  it.each([
    [{ viewerZone: 'Mars/Olympus' }, 'Invalid timezone'],
    [{ viewerZone: '' }, 'Please select your timezone'],
    [{ fromDate: '2027-02-29' }, M.invalidDate],
    [{ fromDate: '28/03/2027' }, M.invalidDate],
    [{ days: 0 }, M.invalidDays],
    [{ days: 61 }, M.invalidDays],
    [{ days: 1.5 }, M.invalidDays],
    [{ lessonMinutes: 60 }, M.invalidLessonMinutes],
  ])('refuses %o', (change, message) => {
    expect(firstMessage(slotQuerySchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe('slotCheckQuerySchema', () => {
  const valid = { viewerZone: 'UTC', bookingDate: '2028-02-29', slotTime: '23:30-00:30' };
  it('accepts a date and HH:MM-HH:MM', () => {
    expect(slotCheckQuerySchema.safeParse(valid).success).toBe(true);
  });
  it.each(['9:00-10:00', '09:00-24:00', '09:00–10:00', '09:00-10:00 ', '09:60-10:00'])(
    'refuses slot time %s',
    (slotTime) => {
      const result = slotCheckQuerySchema.safeParse({ ...valid, slotTime });
      expect(firstMessage(result)).toBe(M.invalidSlotTime);
    },
  );
});

describe('weeklyWindowsSchema', () => {
  it('accepts an empty week and 24:00 ends, refuses an end at or before the start', () => {
    expect(weeklyWindowsSchema.safeParse([]).success).toBe(true);
    const late = [{ dayOfWeek: 5, startTime: '22:00', endTime: '24:00' }];
    expect(weeklyWindowsSchema.safeParse(late).success).toBe(true);
    const backwards = [{ dayOfWeek: 5, startTime: '10:00', endTime: '10:00' }];
    expect(firstMessage(weeklyWindowsSchema.safeParse(backwards))).toBe(
      'End time must be after start time',
    );
  });
});

describe('slot lengths and time periods', () => {
  it.each([
    [25, 30],
    [50, 60],
    [100, 120],
    [45, 60],
    [0, 60],
  ])('a %i-minute lesson takes a %i-minute slot', (lesson, slot) => {
    expect(slotLengthMinutes(lesson)).toBe(slot);
  });
  it.each([
    [0, 'morning'],
    [719, 'morning'],
    [720, 'afternoon'],
    [1019, 'afternoon'],
    [1020, 'evening'],
    [1439, 'evening'],
  ])('%i minutes after midnight is %s', (minutes, period) => {
    expect(timePeriodOf(minutes)).toBe(period);
  });
});
