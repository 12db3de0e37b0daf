import { describe, expect, it } from 'vitest';
import { slotLengthMinutes } from './slot-length';
import { timePeriodOf } from './time-period';

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
