import { describe, expect, it } from 'vitest';
import { viewerWeek, windowsByWeekday } from './viewer-week';

const monday9to12 = [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }];

describe('viewerWeek', () => {
  it('keeps the windows as they are when both zones are the same', () => {
    const now = new Date('2026-11-18T12:00:00Z');
    expect(
      viewerWeek({ weekly: monday9to12, tutorZone: 'Asia/Tokyo', viewerZone: 'Asia/Tokyo', now }),
    ).toEqual(monday9to12);
  });

  it('moves a Tokyo morning to the previous evening in New York (EST, then EDT)', () => {
    const query = { weekly: monday9to12, tutorZone: 'Asia/Tokyo', viewerZone: 'America/New_York' };
    expect(viewerWeek({ ...query, now: new Date('2026-11-18T12:00:00Z') })).toEqual([
      { dayOfWeek: 0, startTime: '19:00', endTime: '22:00' },
    ]);
    expect(viewerWeek({ ...query, now: new Date('2026-07-15T12:00:00Z') })).toEqual([
      { dayOfWeek: 0, startTime: '20:00', endTime: '23:00' },
    ]);
  });

  it('splits a window that crosses the viewer’s midnight and joins touching windows', () => {
    const weekly = [
      { dayOfWeek: 2, startTime: '22:00', endTime: '24:00' },
      { dayOfWeek: 3, startTime: '00:00', endTime: '02:00' },
    ];
    // London (UTC+0 in November) -> Paris (UTC+1): Tue 23:00 - Wed 03:00.
    const week = viewerWeek({
      weekly,
      tutorZone: 'Europe/London',
      viewerZone: 'Europe/Paris',
      now: new Date('2026-11-18T12:00:00Z'),
    });
    expect(week).toEqual([
      { dayOfWeek: 2, startTime: '23:00', endTime: '24:00' },
      { dayOfWeek: 3, startTime: '00:00', endTime: '03:00' },
    ]);
    expect(windowsByWeekday(week).map((day) => day.length)).toEqual([0, 0, 1, 1, 0, 0, 0]);
  });

  it('wraps Saturday night into Sunday morning of the same shown week', () => {
    const week = viewerWeek({
      weekly: [{ dayOfWeek: 6, startTime: '20:00', endTime: '23:00' }],
      tutorZone: 'America/Los_Angeles',
      viewerZone: 'Europe/Berlin',
      now: new Date('2026-11-18T12:00:00Z'),
    });
    // LA Sat 20:00-23:00 (UTC-8) = Sun 04:00-07:00 UTC = Sun 05:00-08:00 Berlin (UTC+1).
    expect(week).toEqual([{ dayOfWeek: 0, startTime: '05:00', endTime: '08:00' }]);
  });

  it('is empty without windows', () => {
    expect(
      viewerWeek({ weekly: [], tutorZone: 'UTC', viewerZone: 'UTC', now: new Date() }),
    ).toEqual([]);
  });
});
