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

  it('clears the chosen package on leaving package mode or choosing another subject', () => {
    const withPackage = bookingReducer(bookingReducer(chosen, { type: 'mode', mode: 'package' }), {
      type: 'package',
      packageId: 'platform_1',
    });
    expect(withPackage.packageId).toBe('platform_1');
    expect(bookingReducer(withPackage, { type: 'mode', mode: 'package' }).packageId).toBe(
      'platform_1',
    );
    expect(bookingReducer(withPackage, { type: 'subject', subjectId: 2 }).packageId).toBe(
      'platform_1',
    );
    expect(bookingReducer(withPackage, { type: 'mode', mode: 'single' }).packageId).toBeNull();
    expect(bookingReducer(withPackage, { type: 'subject', subjectId: 3 }).packageId).toBeNull();
  });

  it("takes a credit's subject and length, and drops the credit when either changes", () => {
    const credit = { id: 'bought-1', subjectId: 3, lessonMinutes: 25 as const };
    const withCredit = bookingReducer(chosen, { type: 'credit', credit });
    expect(withCredit).toMatchObject({
      creditId: 'bought-1',
      subjectId: 3,
      lessonMinutes: 25,
      date: chosen.date,
      slotStart: null,
    });
    // The same length keeps the chosen time.
    const sameLength = bookingReducer(chosen, {
      type: 'credit',
      credit: { ...credit, lessonMinutes: 50 },
    });
    expect(sameLength.slotStart).toBe(chosen.slotStart);
    expect(bookingReducer(withCredit, { type: 'minutes', lessonMinutes: 50 }).creditId).toBeNull();
    expect(bookingReducer(withCredit, { type: 'subject', subjectId: 2 }).creditId).toBeNull();
    expect(bookingReducer(withCredit, { type: 'mode', mode: 'package' }).creditId).toBeNull();
    expect(bookingReducer(withCredit, { type: 'credit', credit: null })).toMatchObject({
      creditId: null,
      subjectId: 3,
      lessonMinutes: 25,
    });
  });
});
