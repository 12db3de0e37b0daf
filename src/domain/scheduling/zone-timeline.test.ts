import { describe, expect, it } from 'vitest';
import { offsetAt, wallToUtc, zoneOffsetMs, zoneTimeline } from './zone-timeline';

const HOUR = 3_600_000;
const at = (instant: string) => Date.parse(instant);

describe('zoneOffsetMs', () => {
  it.each([
    ['UTC', '2027-01-01T00:00Z', 0],
    ['Europe/London', '2027-07-01T00:00Z', HOUR],
    ['Asia/Kathmandu', '2027-01-01T00:00Z', 5.75 * HOUR],
    ['America/St_Johns', '2027-01-01T00:00Z', -3.5 * HOUR],
    ['Pacific/Kiritimati', '2027-01-01T00:00Z', 14 * HOUR],
    ['Europe/London', '1800-01-01T00:00Z', -75_000], // local mean time, -00:01:15
  ])('%s at %s', (zone, instant, offset) => {
    expect(zoneOffsetMs(zone, at(instant))).toBe(offset);
  });
  it('throws for an unknown zone', () => {
    expect(() => zoneOffsetMs('Mars/Olympus', 0)).toThrow(RangeError);
  });
});

describe('zoneTimeline', () => {
  it('finds each change to the second, two in one span (Morocco suspends DST for Ramadan)', () => {
    const timeline = zoneTimeline(
      'Africa/Casablanca',
      at('2027-01-15T00:00Z'),
      at('2027-04-15T00:00Z'),
    );
    expect(timeline.segments).toEqual([
      { from: -Infinity, until: at('2027-02-07T02:00Z'), offset: HOUR },
      { from: at('2027-02-07T02:00Z'), until: at('2027-03-14T02:00Z'), offset: 0 },
      { from: at('2027-03-14T02:00Z'), until: Infinity, offset: HOUR },
    ]);
    expect(offsetAt(timeline, at('2027-02-07T01:59:59Z'))).toBe(HOUR);
    expect(offsetAt(timeline, at('2027-02-07T02:00Z'))).toBe(0);
  });

  it('maps wall times: gap forward with the old offset, repeated hour to the earlier instant', () => {
    const london = zoneTimeline('Europe/London', at('2027-03-20T00:00Z'), at('2027-11-10T00:00Z'));
    const wall = (time: string) => Date.parse(`${time}Z`);
    expect(wallToUtc(london, wall('2027-03-28T00:59'))).toBe(at('2027-03-28T00:59Z'));
    expect(wallToUtc(london, wall('2027-03-28T01:30'))).toBe(at('2027-03-28T01:30Z')); // gap
    expect(wallToUtc(london, wall('2027-03-28T02:00'))).toBe(at('2027-03-28T01:00Z'));
    expect(wallToUtc(london, wall('2027-10-31T00:59'))).toBe(at('2027-10-30T23:59Z'));
    expect(wallToUtc(london, wall('2027-10-31T01:00'))).toBe(at('2027-10-31T00:00Z')); // twice
    expect(wallToUtc(london, wall('2027-10-31T01:59'))).toBe(at('2027-10-31T00:59Z'));
    expect(wallToUtc(london, wall('2027-10-31T02:00'))).toBe(at('2027-10-31T02:00Z'));
  });
});
