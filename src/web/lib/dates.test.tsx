import { describe, expect, it } from 'vitest';
import { plainSpaces } from '../../domain/text/date-styles';
import { inLocale } from '../test/locale';
import { displayLocale, formatCivilDate, formatDate, weeklyWindowText } from './dates';
import { lessonTimes, longDate, shortDate, shortDateTime } from './lesson-time';

// The web's one formatting module in the reader's locale (the browser's language) and zone.

const at = '2026-11-27T09:05:00Z';
const zone = 'Europe/Berlin';

describe('web dates in a 12-hour locale (en-US)', () => {
  inLocale('en-US');

  it('reads the locale from the browser and writes times with AM/PM', () => {
    expect(displayLocale()).toBe('en-US');
    expect(plainSpaces(formatDate(at, 'time', zone))).toBe('10:05 AM');
    expect(plainSpaces(weeklyWindowText({ startTime: '20:00', endTime: '24:00' }))).toBe(
      '8:00 PM – 12:00 AM',
    );
  });

  it('gives every screen helper the same style', () => {
    expect(shortDate(at, zone)).toBe(formatDate(at, 'date', zone));
    expect(shortDate(at, zone)).toBe('Nov 27, 2026');
    expect(plainSpaces(shortDateTime(at, zone))).toBe('Nov 27, 2026, 10:05 AM');
    expect(longDate(at, zone)).toBe('Friday, November 27, 2026');
    expect(plainSpaces(lessonTimes(at, 50, zone))).toBe('10:05 AM – 10:55 AM');
    expect(formatCivilDate('2026-11-27', 'weekdayDate', true)).toBe('Friday, November 27');
  });
});

describe('web dates in a 24-hour locale (en-GB)', () => {
  inLocale('en-GB');

  it('writes the same styles round the clock, day before month', () => {
    expect(displayLocale()).toBe('en-GB');
    expect(formatDate(at, 'time', zone)).toBe('10:05');
    expect(shortDate(at, zone)).toBe('27 Nov 2026');
    expect(shortDateTime(at, zone)).toBe('27 Nov 2026, 10:05');
    expect(lessonTimes(at, 50, zone)).toBe('10:05 – 10:55');
    expect(weeklyWindowText({ startTime: '20:00', endTime: '24:00' })).toBe('20:00 – 24:00');
  });
});
