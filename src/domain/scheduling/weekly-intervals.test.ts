import { afterEach, describe, expect, it, vi } from 'vitest';
import { timelineForDays, weeklyIntervals } from './weekly-intervals';

// Expected instants are worked out by hand from each zone's published rules, e.g. London
// springs forward at 01:00 UTC on 28 March 2027 (01:00 GMT -> 02:00 BST).

const iso = (ms: number) => new Date(ms).toISOString();

/** The UTC interval of one window on one local date, or null when it is empty. */
function convert(zone: string, date: string, startTime: string, endTime: string) {
  const dayOfWeek = new Date(`${date}T12:00:00Z`).getUTCDay();
  const [interval, ...rest] = weeklyIntervals({
    weekly: [{ dayOfWeek, startTime, endTime }],
    zone,
    fromDate: date,
    days: 1,
  });
  expect(rest).toEqual([]);
  return interval ? [iso(interval.start), iso(interval.end)] : null;
}

type Row = [zone: string, date: string, start: string, end: string, utc: [string, string] | null];

const rows: Row[] = [
  // Europe/London, spring forward Sun 2027-03-28: 01:00-02:00 does not exist.
  ['Europe/London', '2027-03-27', '09:00', '10:00', ['2027-03-27T09:00Z', '2027-03-27T10:00Z']],
  ['Europe/London', '2027-03-28', '00:30', '03:30', ['2027-03-28T00:30Z', '2027-03-28T02:30Z']],
  ['Europe/London', '2027-03-28', '01:00', '02:00', null], // the hour that does not exist
  ['Europe/London', '2027-03-28', '01:00', '01:30', ['2027-03-28T01:00Z', '2027-03-28T01:30Z']],
  ['Europe/London', '2027-03-28', '01:30', '03:00', ['2027-03-28T01:30Z', '2027-03-28T02:00Z']],
  ['Europe/London', '2027-03-28', '09:00', '10:00', ['2027-03-28T08:00Z', '2027-03-28T09:00Z']],
  ['Europe/London', '2027-03-28', '15:00', '16:00', ['2027-03-28T14:00Z', '2027-03-28T15:00Z']],
  ['Europe/London', '2027-03-28', '22:00', '24:00', ['2027-03-28T21:00Z', '2027-03-28T23:00Z']],
  // Europe/London, fall back Sun 2027-10-31: 01:00-02:00 happens twice; the earlier is meant.
  ['Europe/London', '2027-10-30', '09:00', '10:00', ['2027-10-30T08:00Z', '2027-10-30T09:00Z']],
  ['Europe/London', '2027-10-31', '00:30', '03:30', ['2027-10-30T23:30Z', '2027-10-31T03:30Z']],
  ['Europe/London', '2027-10-31', '01:00', '02:00', ['2027-10-31T00:00Z', '2027-10-31T02:00Z']],
  ['Europe/London', '2027-10-31', '01:30', '01:45', ['2027-10-31T00:30Z', '2027-10-31T00:45Z']],
  ['Europe/London', '2027-10-31', '09:00', '10:00', ['2027-10-31T09:00Z', '2027-10-31T10:00Z']],
  ['Europe/London', '2027-10-31', '15:00', '16:00', ['2027-10-31T15:00Z', '2027-10-31T16:00Z']],
  // America/New_York, spring forward Sun 2027-03-14 at 02:00 EST (07:00 UTC).
  ['America/New_York', '2027-03-14', '00:30', '03:30', ['2027-03-14T05:30Z', '2027-03-14T07:30Z']],
  ['America/New_York', '2027-03-14', '01:00', '02:00', ['2027-03-14T06:00Z', '2027-03-14T07:00Z']],
  ['America/New_York', '2027-03-14', '02:00', '03:00', null],
  ['America/New_York', '2027-03-14', '02:30', '04:00', ['2027-03-14T07:30Z', '2027-03-14T08:00Z']],
  ['America/New_York', '2027-03-14', '09:00', '10:00', ['2027-03-14T13:00Z', '2027-03-14T14:00Z']],
  ['America/New_York', '2027-03-14', '15:00', '16:00', ['2027-03-14T19:00Z', '2027-03-14T20:00Z']],
  ['America/New_York', '2027-03-14', '18:00', '24:00', ['2027-03-14T22:00Z', '2027-03-15T04:00Z']],
  // America/New_York, fall back Sun 2027-11-07 at 02:00 EDT (06:00 UTC).
  ['America/New_York', '2027-11-07', '00:30', '03:30', ['2027-11-07T04:30Z', '2027-11-07T08:30Z']],
  ['America/New_York', '2027-11-07', '01:00', '02:00', ['2027-11-07T05:00Z', '2027-11-07T07:00Z']],
  ['America/New_York', '2027-11-07', '09:00', '10:00', ['2027-11-07T14:00Z', '2027-11-07T15:00Z']],
  ['America/New_York', '2027-11-07', '15:00', '16:00', ['2027-11-07T20:00Z', '2027-11-07T21:00Z']],
  // Australia/Sydney (southern hemisphere): back on Sun 2027-04-04 at 03:00 AEDT (16:00 UTC).
  ['Australia/Sydney', '2027-04-04', '00:30', '03:30', ['2027-04-03T13:30Z', '2027-04-03T17:30Z']],
  ['Australia/Sydney', '2027-04-04', '02:00', '03:00', ['2027-04-03T15:00Z', '2027-04-03T17:00Z']],
  ['Australia/Sydney', '2027-04-04', '09:00', '10:00', ['2027-04-03T23:00Z', '2027-04-04T00:00Z']],
  ['Australia/Sydney', '2027-04-04', '15:00', '16:00', ['2027-04-04T05:00Z', '2027-04-04T06:00Z']],
  // … and forward on Sun 2027-10-03 at 02:00 AEST (16:00 UTC the day before).
  ['Australia/Sydney', '2027-10-03', '00:30', '03:30', ['2027-10-02T14:30Z', '2027-10-02T16:30Z']],
  ['Australia/Sydney', '2027-10-03', '01:00', '02:00', ['2027-10-02T15:00Z', '2027-10-02T16:00Z']],
  ['Australia/Sydney', '2027-10-03', '02:00', '03:00', null],
  ['Australia/Sydney', '2027-10-03', '09:00', '10:00', ['2027-10-02T22:00Z', '2027-10-02T23:00Z']],
  ['Australia/Sydney', '2027-10-03', '15:00', '16:00', ['2027-10-03T04:00Z', '2027-10-03T05:00Z']],
  // Australia/Lord_Howe moves by 30 minutes: +11:00 -> +10:30 at 02:00 on 2027-04-04
  // (01:30-02:00 twice), +10:30 -> +11:00 at 02:00 on 2027-10-03 (02:00-02:30 missing).
  [
    'Australia/Lord_Howe',
    '2027-04-04',
    '00:30',
    '03:30',
    ['2027-04-03T13:30Z', '2027-04-03T17:00Z'],
  ],
  [
    'Australia/Lord_Howe',
    '2027-04-04',
    '01:30',
    '02:30',
    ['2027-04-03T14:30Z', '2027-04-03T16:00Z'],
  ],
  [
    'Australia/Lord_Howe',
    '2027-04-04',
    '09:00',
    '10:00',
    ['2027-04-03T22:30Z', '2027-04-03T23:30Z'],
  ],
  [
    'Australia/Lord_Howe',
    '2027-10-03',
    '00:30',
    '03:30',
    ['2027-10-02T14:00Z', '2027-10-02T16:30Z'],
  ],
  [
    'Australia/Lord_Howe',
    '2027-10-03',
    '02:00',
    '03:00',
    ['2027-10-02T15:30Z', '2027-10-02T16:00Z'],
  ],
  ['Australia/Lord_Howe', '2027-10-03', '02:00', '02:30', null],
  [
    'Australia/Lord_Howe',
    '2027-10-03',
    '09:00',
    '10:00',
    ['2027-10-02T22:00Z', '2027-10-02T23:00Z'],
  ],
  // Fixed odd offsets: Kolkata +05:30, Kathmandu +05:45.
  ['Asia/Kolkata', '2027-03-28', '09:00', '10:00', ['2027-03-28T03:30Z', '2027-03-28T04:30Z']],
  ['Asia/Kolkata', '2027-03-28', '00:00', '24:00', ['2027-03-27T18:30Z', '2027-03-28T18:30Z']],
  ['Asia/Kathmandu', '2027-10-31', '09:00', '10:00', ['2027-10-31T03:15Z', '2027-10-31T04:15Z']],
  ['Asia/Kathmandu', '2027-10-31', '00:30', '03:30', ['2027-10-30T18:45Z', '2027-10-30T21:45Z']],
];

describe('weeklyIntervals on real transitions', () => {
  it.each(rows)('%s %s %s-%s', (zone, date, start, end, utc) => {
    const expected = utc && utc.map((instant) => new Date(instant).toISOString());
    expect(convert(zone, date, start, end)).toEqual(expected);
  });
});

describe('weeklyIntervals over a range', () => {
  afterEach(() => vi.useRealTimers());

  it('converts each local date on its own, across the change', () => {
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      startTime: '09:00',
      endTime: '10:00',
    }));
    const intervals = weeklyIntervals({
      weekly,
      zone: 'Europe/London',
      fromDate: '2027-03-26',
      days: 5,
    });
    expect(intervals.map(({ localDate, start }) => [localDate, iso(start)])).toEqual([
      ['2027-03-26', '2027-03-26T09:00:00.000Z'],
      ['2027-03-27', '2027-03-27T09:00:00.000Z'],
      ['2027-03-28', '2027-03-28T08:00:00.000Z'],
      ['2027-03-29', '2027-03-29T08:00:00.000Z'],
      ['2027-03-30', '2027-03-30T08:00:00.000Z'],
    ]);
  });

  it('resolves a repeated hour the same way whatever today is', () => {
    // luxon's DateTime.fromObject picks between the two instants by the offset in force *now*.
    for (const today of ['2027-07-01T12:00:00Z', '2027-01-15T12:00:00Z']) {
      vi.useFakeTimers({ now: new Date(today) });
      expect(convert('Europe/London', '2027-10-31', '01:30', '01:45')).toEqual([
        '2027-10-31T00:30:00.000Z',
        '2027-10-31T00:45:00.000Z',
      ]);
    }
  });

  it('gives nothing, and never throws, on edge input', () => {
    const weekly = [{ dayOfWeek: 1, startTime: '10:00', endTime: '09:00' }];
    expect(weeklyIntervals({ weekly, zone: 'UTC', fromDate: '2027-01-04', days: 7 })).toEqual([]);
    expect(weeklyIntervals({ weekly: [], zone: 'UTC', fromDate: '2027-01-04', days: 7 })).toEqual(
      [],
    );
    const valid = [{ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }];
    expect(
      weeklyIntervals({ weekly: valid, zone: 'UTC', fromDate: '2027-01-04', days: 0 }),
    ).toEqual([]);
    expect(
      weeklyIntervals({ weekly: valid, zone: 'UTC', fromDate: '2027-02-30', days: 7 }),
    ).toEqual([]);
    expect(
      weeklyIntervals({ weekly: valid, zone: 'UTC', fromDate: '2027-01-04', days: NaN }),
    ).toEqual([]);
  });
});

describe('timelineForDays', () => {
  it('finds the timeline of a zone and days once, and shares it frozen', () => {
    const london = timelineForDays('Europe/London', 20_000, 20_006);
    expect(timelineForDays('Europe/London', 20_000, 20_006)).toBe(london);
    expect(timelineForDays('Europe/London', 20_001, 20_007)).not.toBe(london);
    expect(timelineForDays('Europe/Paris', 20_000, 20_006)).not.toBe(london);
    expect(Object.isFrozen(london.segments)).toBe(true);
    expect(london.segments.every((segment) => Object.isFrozen(segment))).toBe(true);
  });
});
