import { describe, expect, it } from 'vitest';
import type { DaySlot } from '../../../domain/scheduling/generate-slots';
import { localDateKey } from '../../lib/lesson-time';
import { addDays, defaultDay, slotsByPeriod, weekDates, weekStart } from './booking-week';

const slot = (slotLabel: string, period: DaySlot['period']): DaySlot => ({
  startTime: `2027-03-08T${slotLabel.slice(0, 5)}:00.000Z`,
  endTime: `2027-03-08T${slotLabel.slice(6)}:00.000Z`,
  slotLabel,
  period,
});
const day = (dateStr: string, slots: DaySlot[] = []) => ({ dateStr, slots });

describe('the booking week strip', () => {
  it("takes today from the zone's clocks, not the machine's", () => {
    const instant = Date.parse('2027-03-08T02:30:00Z'); // Monday in UTC, still Sunday in New York
    expect(localDateKey(instant, 'UTC')).toBe('2027-03-08');
    expect(localDateKey(instant, 'America/New_York')).toBe('2027-03-07');
    expect(localDateKey(instant, 'Pacific/Kiritimati')).toBe('2027-03-08');
  });

  it('pages seven days at a time from today, across months and years', () => {
    expect(weekStart('2027-12-29', 0)).toBe('2027-12-29');
    expect(weekStart('2027-12-29', 1)).toBe('2028-01-05');
    expect(weekDates('2028-02-26')).toEqual([
      '2028-02-26',
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
      '2028-03-03',
    ]);
    expect(() => addDays('2027-02-30', 1)).toThrow(RangeError);
  });

  it('selects today when it has slots, else the first later day that has, else the first day', () => {
    const open = [slot('09:00-10:00', 'morning')];
    expect(defaultDay([day('2027-03-08', open), day('2027-03-09', open)], '2027-03-08')).toBe(
      '2027-03-08',
    );
    expect(
      defaultDay([day('2027-03-08'), day('2027-03-09'), day('2027-03-10', open)], '2027-03-08'),
    ).toBe('2027-03-10');
    // A past day is never chosen, even with slots.
    expect(defaultDay([day('2027-03-07', open), day('2027-03-08')], '2027-03-08')).toBe(
      '2027-03-08',
    );
    expect(defaultDay([day('2027-03-15'), day('2027-03-16')], '2027-03-08')).toBe('2027-03-15');
    expect(defaultDay([], '2027-03-08')).toBeNull();
  });

  it('groups a day under Morning, Afternoon and Evening, leaving empty periods out', () => {
    const groups = slotsByPeriod([
      slot('08:00-09:00', 'morning'),
      slot('18:00-19:00', 'evening'),
      slot('11:30-12:30', 'morning'),
    ]);
    expect(groups.map((group) => [group.label, group.slots.map((s) => s.slotLabel)])).toEqual([
      ['Morning', ['08:00-09:00', '11:30-12:30']],
      ['Evening', ['18:00-19:00']],
    ]);
  });
});
