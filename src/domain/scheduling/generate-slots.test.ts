import { describe, expect, it } from 'vitest';
import type { WeeklyWindow } from '../availability/weekly-window';
import { generateSlots, type SlotQuery } from './generate-slots';

// Expected instants are worked out by hand (see weekly-intervals.test.ts for the zone rules).

const window = (dayOfWeek: number, startTime: string, endTime: string): WeeklyWindow => ({
  dayOfWeek,
  startTime,
  endTime,
});
const utc = (instant: string) => new Date(instant).toISOString();
const busy = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

const base: SlotQuery = {
  weekly: [],
  tutorZone: 'UTC',
  busy: [],
  lessonMinutes: 50,
  viewerZone: 'UTC',
  fromDate: '2027-01-04', // a Monday
  days: 1,
  now: new Date('2026-11-22T12:00:00Z'),
};
const generate = (query: Partial<SlotQuery>) => generateSlots({ ...base, ...query });
const starts = (query: Partial<SlotQuery>) =>
  generate(query).slots.map((slot) => slot.startTime.slice(11, 16));
const slotLabels = (query: Partial<SlotQuery>) =>
  generate(query).days.flatMap((day) => day.slots.map((slot) => slot.slotLabel));

describe('generateSlots: lengths, grid, busy time and notice', () => {
  it('maps lesson minutes to slot lengths 30 / 60 / 120, anything else 60', () => {
    const weekly = [window(1, '09:00', '11:00')];
    expect(starts({ weekly, lessonMinutes: 25 })).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(starts({ weekly, lessonMinutes: 50 })).toEqual(['09:00', '09:30', '10:00']);
    expect(starts({ weekly, lessonMinutes: 100 })).toEqual(['09:00']);
    expect(starts({ weekly, lessonMinutes: 45 })).toEqual(['09:00', '09:30', '10:00']);
    const [slot] = generate({ weekly, lessonMinutes: 100 }).slots;
    expect(slot).toEqual({
      startTime: utc('2027-01-04T09:00Z'),
      endTime: utc('2027-01-04T11:00Z'),
      dow: 1,
      localDow: 1,
    });
  });

  it("runs the 30-minute grid from each window's own start", () => {
    expect(starts({ weekly: [window(1, '09:10', '10:40')] })).toEqual(['09:10', '09:40']);
  });

  it('lets a slot touch busy time but not overlap it, whatever order busy time comes in', () => {
    const weekly = [window(1, '09:00', '13:00')];
    const lessons = [
      busy('2027-01-04T12:00Z', '2027-01-04T12:10Z'),
      busy('2027-01-04T10:00Z', '2027-01-04T10:50Z'),
      busy('2027-01-04T10:20Z', '2027-01-04T11:00Z'),
    ];
    expect(starts({ weekly, busy: lessons })).toEqual(['09:00', '11:00']);
  });

  it('starts nothing before now + notice', () => {
    const weekly = [window(1, '09:00', '12:00')];
    const now = new Date('2027-01-04T09:10:00Z');
    expect(starts({ weekly, now, minNoticeMinutes: 60 })).toEqual(['10:30', '11:00']);
    expect(starts({ weekly, now })).toEqual(['09:30', '10:00', '10:30', '11:00']);
    expect(starts({ weekly, now: new Date('2027-01-04T09:00:00Z') })[0]).toBe('09:00');
  });
});

describe('generateSlots: windows that touch', () => {
  it('joins touching windows on one day so a slot can span them', () => {
    const weekly = [window(1, '12:00', '14:00'), window(1, '09:00', '12:00')];
    expect(starts({ weekly, lessonMinutes: 100 })).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
  });

  it('joins a window ending at 24:00 with the next day from 00:00', () => {
    const weekly = [window(1, '22:00', '24:00'), window(2, '00:00', '01:00')];
    const result = generate({ weekly, lessonMinutes: 100, days: 2 });
    expect(result.slots.map((slot) => [slot.startTime, slot.endTime])).toEqual([
      [utc('2027-01-04T22:00Z'), utc('2027-01-05T00:00Z')],
      [utc('2027-01-04T22:30Z'), utc('2027-01-05T00:30Z')],
      [utc('2027-01-04T23:00Z'), utc('2027-01-05T01:00Z')],
    ]);
    expect(result.days[0]?.slots.map((slot) => slot.slotLabel)).toEqual([
      '22:00-00:00',
      '22:30-00:30',
      '23:00-01:00',
    ]);
  });

  it('offers a start once when windows overlap', () => {
    const weekly = [window(1, '09:00', '11:00'), window(1, '10:00', '12:00')];
    expect(starts({ weekly })).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });
});

describe("generateSlots: the viewer's dates and clock", () => {
  it("reads fromDate in the viewer's zone; dow is the tutor's weekday, localDow the viewer's", () => {
    // London Monday 2027-06-07 00:00 BST = Sunday 06-06 23:00 UTC = Sunday 16:00 in Los Angeles.
    const query = {
      weekly: [window(1, '00:00', '02:00')],
      tutorZone: 'Europe/London',
      viewerZone: 'America/Los_Angeles',
    };
    const sunday = generate({ ...query, fromDate: '2027-06-06' });
    expect(sunday.slots).toEqual([
      {
        startTime: utc('2027-06-06T23:00Z'),
        endTime: utc('2027-06-07T00:00Z'),
        dow: 1,
        localDow: 0,
      },
      {
        startTime: utc('2027-06-06T23:30Z'),
        endTime: utc('2027-06-07T00:30Z'),
        dow: 1,
        localDow: 0,
      },
      {
        startTime: utc('2027-06-07T00:00Z'),
        endTime: utc('2027-06-07T01:00Z'),
        dow: 1,
        localDow: 0,
      },
    ]);
    expect(sunday.days.map((day) => [day.dateStr, day.localDow])).toEqual([['2027-06-06', 0]]);
    expect(sunday.days[0]?.slots.map((slot) => slot.slotLabel)).toEqual([
      '16:00-17:00',
      '16:30-17:30',
      '17:00-18:00',
    ]);
    expect(generate({ ...query, fromDate: '2027-06-07' }).slots).toEqual([]);
  });

  it('lists every date of the range, empty ones included', () => {
    const result = generate({ weekly: [window(3, '09:00', '10:00')], days: 3 });
    expect(result.days.map((day) => [day.dateStr, day.localDow, day.slots.length])).toEqual([
      ['2027-01-04', 1, 0],
      ['2027-01-05', 2, 0],
      ['2027-01-06', 3, 1],
    ]);
  });

  it('tags slots morning before 12, afternoon before 17, evening after (viewer clock)', () => {
    const weekly = [window(1, '11:30', '12:30'), window(1, '16:30', '17:30')];
    const [day] = generate({ weekly, lessonMinutes: 25 }).days;
    expect(day?.slots.map((slot) => [slot.slotLabel, slot.period])).toEqual([
      ['11:30-12:00', 'morning'],
      ['12:00-12:30', 'afternoon'],
      ['16:30-17:00', 'afternoon'],
      ['17:00-17:30', 'evening'],
    ]);
  });

  it('shows a fixed odd offset on the viewer clock (Asia/Kathmandu, +05:45)', () => {
    const query = { weekly: [window(1, '09:00', '10:00')], viewerZone: 'Asia/Kathmandu' };
    expect(slotLabels(query)).toEqual(['14:45-15:45']);
  });
});

describe('generateSlots across daylight-saving changes', () => {
  it('London spring forward: 00:30-03:30 holds two real hours', () => {
    const query = {
      weekly: [window(0, '00:30', '03:30')],
      tutorZone: 'Europe/London',
      viewerZone: 'Europe/London',
      fromDate: '2027-03-28',
    };
    expect(generate(query).slots.map((slot) => slot.startTime)).toEqual([
      utc('2027-03-28T00:30Z'),
      utc('2027-03-28T01:00Z'),
      utc('2027-03-28T01:30Z'),
    ]);
    expect(slotLabels(query)).toEqual(['00:30-02:30', '02:00-03:00', '02:30-03:30']);
  });

  it('London fall back: the repeated hour is offered twice, as real time', () => {
    const query = {
      weekly: [window(0, '01:00', '02:00')],
      tutorZone: 'Europe/London',
      viewerZone: 'Europe/London',
      fromDate: '2027-10-31',
      lessonMinutes: 25,
    };
    expect(generate(query).slots.map((slot) => slot.startTime)).toEqual([
      utc('2027-10-31T00:00Z'),
      utc('2027-10-31T00:30Z'),
      utc('2027-10-31T01:00Z'),
      utc('2027-10-31T01:30Z'),
    ]);
    expect(slotLabels(query)).toEqual(['01:00-01:30', '01:30-01:00', '01:00-01:30', '01:30-02:00']);
  });

  it('New York spring forward seen from London', () => {
    const query = {
      weekly: [window(0, '01:00', '04:00')],
      tutorZone: 'America/New_York',
      viewerZone: 'Europe/London',
      fromDate: '2027-03-14',
    };
    // 01:00 EST = 06:00 UTC; 04:00 EDT = 08:00 UTC: two real hours.
    expect(generate(query).slots.map((slot) => [slot.startTime, slot.dow, slot.localDow])).toEqual([
      [utc('2027-03-14T06:00Z'), 0, 0],
      [utc('2027-03-14T06:30Z'), 0, 0],
      [utc('2027-03-14T07:00Z'), 0, 0],
    ]);
  });

  it('Lord Howe spring forward by 30 minutes', () => {
    const query = {
      weekly: [window(0, '02:00', '03:00')],
      tutorZone: 'Australia/Lord_Howe',
      viewerZone: 'Australia/Lord_Howe',
      fromDate: '2027-10-03',
      lessonMinutes: 25,
    };
    expect(generate(query).slots.map((slot) => [slot.startTime, slot.endTime])).toEqual([
      [utc('2027-10-02T15:30Z'), utc('2027-10-02T16:00Z')],
    ]);
    expect(slotLabels(query)).toEqual(['02:30-03:00']);
  });

  it('Sydney fall back seen from New York (opposite hemispheres)', () => {
    const query = {
      weekly: [window(0, '02:00', '03:00')],
      tutorZone: 'Australia/Sydney',
      viewerZone: 'America/New_York',
      fromDate: '2027-04-03',
      lessonMinutes: 100,
    };
    // 02:00 AEDT (first) = 15:00 UTC; 03:00 AEST = 17:00 UTC; New York is on EDT (-4).
    expect(generate(query).slots).toEqual([
      {
        startTime: utc('2027-04-03T15:00Z'),
        endTime: utc('2027-04-03T17:00Z'),
        dow: 0,
        localDow: 6,
      },
    ]);
    expect(slotLabels(query)).toEqual(['11:00-13:00']);
  });

  it('weeks when US and EU clocks disagree (2027-03-14 .. 2027-03-28)', () => {
    const result = generate({
      weekly: [window(1, '15:00', '17:00')],
      tutorZone: 'Europe/London',
      viewerZone: 'America/New_York',
      fromDate: '2027-03-08',
      days: 22,
      lessonMinutes: 100,
    });
    const offered = result.days.flatMap((day) =>
      day.slots.map((slot) => [day.dateStr, slot.startTime, slot.slotLabel]),
    );
    expect(offered).toEqual([
      ['2027-03-08', utc('2027-03-08T15:00Z'), '10:00-12:00'], // GMT and EST: 5 h apart
      ['2027-03-15', utc('2027-03-15T15:00Z'), '11:00-13:00'], // GMT and EDT: 4 h
      ['2027-03-22', utc('2027-03-22T15:00Z'), '11:00-13:00'],
      ['2027-03-29', utc('2027-03-29T14:00Z'), '10:00-12:00'], // BST and EDT: 5 h again
    ]);
  });
});

describe('generateSlots on edge input', () => {
  it('gives no slots and never throws', () => {
    const weekly = [window(1, '09:00', '10:00')];
    expect(generate({ weekly: [] }).slots).toEqual([]);
    expect(generate({ weekly, days: 0 })).toEqual({ slots: [], days: [] });
    expect(generate({ weekly, days: -3 })).toEqual({ slots: [], days: [] });
    expect(generate({ weekly, fromDate: '2027-13-01' })).toEqual({ slots: [], days: [] });
    expect(
      generate({ weekly: [window(1, '10:00', '09:00'), window(1, '10:00', '10:00')] }).slots,
    ).toEqual([]);
    expect(
      generate({ weekly, busy: [busy('2027-01-04T10:00Z', '2027-01-04T09:00Z')] }).slots,
    ).toHaveLength(1);
  });

  it('defaults to 14 days', () => {
    const { days, ...query } = base;
    expect(days).toBe(1);
    expect(generateSlots(query).days).toHaveLength(14);
  });
});
