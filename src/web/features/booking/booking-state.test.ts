import { describe, expect, it } from 'vitest';
import { bookingReducer, effectiveMode, initialChoice, type BookingChoice } from './booking-state';

const chosen: BookingChoice = {
  ...initialChoice('Europe/Paris'),
  subjectId: 2,
  weekOffset: 1,
  date: '2027-03-16',
  slotStart: '2027-03-16T08:00:00.000Z',
};

describe('the booking choice', () => {
  it('starts at 50 minutes, this week, no date or time', () => {
    expect(initialChoice('Asia/Tokyo')).toMatchObject({
      subjectId: null,
      lessonMinutes: 50,
      zone: 'Asia/Tokyo',
      weekOffset: 0,
      date: null,
      slotStart: null,
    });
  });

  it('clears the time when the duration changes, and keeps the date', () => {
    const next = bookingReducer(chosen, { type: 'minutes', lessonMinutes: 100 });
    expect(next).toMatchObject({ lessonMinutes: 100, date: chosen.date, slotStart: null });
  });

  it('clears the date and the time when the timezone changes', () => {
    const next = bookingReducer(chosen, { type: 'zone', zone: 'Asia/Tokyo' });
    expect(next).toMatchObject({ zone: 'Asia/Tokyo', date: null, slotStart: null });
  });

  it('pages weeks, never before the current one, clearing the date and time', () => {
    expect(bookingReducer(chosen, { type: 'week', step: 1 })).toMatchObject({
      weekOffset: 2,
      date: null,
      slotStart: null,
    });
    const first = bookingReducer(chosen, { type: 'week', step: -1 });
    expect(first.weekOffset).toBe(0);
    expect(bookingReducer(first, { type: 'week', step: -1 })).toBe(first);
  });

  it('clears the time when another day is picked, not when the same one is', () => {
    expect(bookingReducer(chosen, { type: 'date', date: chosen.date! })).toBe(chosen);
    expect(bookingReducer(chosen, { type: 'date', date: '2027-03-17' }).slotStart).toBeNull();
  });

  it('forces the trial while the student may have one, and on a failed check', () => {
    expect(effectiveMode(true, 'package')).toBe('trial');
    expect(effectiveMode(undefined, 'single')).toBe('trial');
    expect(effectiveMode(false, null)).toBe('single');
    expect(effectiveMode(false, 'trial')).toBe('single');
    expect(effectiveMode(false, 'package')).toBe('package');
  });
});
