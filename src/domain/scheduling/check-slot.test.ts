import { describe, expect, it } from 'vitest';
import { checkSlot, type SlotCheckQuery } from './check-slot';
import { BOOKING_MESSAGES } from '../messages';

const unavailable = { ok: false, message: 'This time slot is no longer available' };

const base: SlotCheckQuery = {
  weekly: [{ dayOfWeek: 1, startTime: '15:00', endTime: '17:00' }],
  tutorZone: 'Europe/London',
  busy: [],
  lessonMinutes: 50,
  viewerZone: 'America/New_York',
  now: new Date('2027-03-01T12:00:00Z'),
  bookingDate: '2027-03-15',
  slotLabel: '11:00-12:00',
};
const check = (query: Partial<SlotCheckQuery>) => checkSlot({ ...base, ...query });

describe('checkSlot', () => {
  it('keeps the spec text in a constant', () => {
    expect(BOOKING_MESSAGES.slotUnavailable).toBe(unavailable.message);
  });

  it('returns the UTC instants of an offered slot (viewer date and clock)', () => {
    // Monday 15 March 2027: London is on GMT, New York already on EDT.
    expect(check({})).toEqual({
      ok: true,
      startUtc: '2027-03-15T15:00:00.000Z',
      endUtc: '2027-03-15T16:00:00.000Z',
    });
    expect(check({ bookingDate: '2027-03-08', slotLabel: '10:00-11:00' })).toEqual({
      ok: true,
      startUtc: '2027-03-08T15:00:00.000Z',
      endUtc: '2027-03-08T16:00:00.000Z',
    });
  });

  it('refuses what is not offered now', () => {
    expect(check({ slotLabel: '10:00-11:00' })).toEqual(unavailable); // an EST reading
    expect(check({ slotLabel: '11:00-11:30' })).toEqual(unavailable); // wrong length
    expect(check({ slotLabel: '11:00-12:00', lessonMinutes: 100 })).toEqual(unavailable);
    expect(check({ bookingDate: '2027-03-16' })).toEqual(unavailable); // no window
    expect(check({ now: new Date('2027-03-15T15:00:01Z') })).toEqual(unavailable); // past
    expect(check({ now: new Date('2027-03-15T14:30:00Z'), minNoticeMinutes: 60 })).toEqual(
      unavailable,
    );
    const lesson = {
      start: new Date('2027-03-15T15:30:00Z'),
      end: new Date('2027-03-15T16:20:00Z'),
    };
    expect(check({ busy: [lesson] })).toEqual(unavailable);
    expect(check({ slotLabel: '11:00 - 12:00' })).toEqual(unavailable);
    expect(check({ bookingDate: 'soon' })).toEqual(unavailable);
  });

  it('takes the earlier slot when the viewer clock repeats an hour, the later when that is taken', () => {
    const autumn = {
      weekly: [{ dayOfWeek: 0, startTime: '01:00', endTime: '02:00' }],
      tutorZone: 'Europe/London',
      viewerZone: 'Europe/London',
      lessonMinutes: 25,
      bookingDate: '2027-10-31',
      slotLabel: '01:00-01:30',
    };
    expect(check(autumn)).toEqual({
      ok: true,
      startUtc: '2027-10-31T00:00:00.000Z',
      endUtc: '2027-10-31T00:30:00.000Z',
    });
    const first = {
      start: new Date('2027-10-31T00:00:00Z'),
      end: new Date('2027-10-31T00:30:00Z'),
    };
    expect(check({ ...autumn, busy: [first] })).toEqual({
      ok: true,
      startUtc: '2027-10-31T01:00:00.000Z',
      endUtc: '2027-10-31T01:30:00.000Z',
    });
  });
});
