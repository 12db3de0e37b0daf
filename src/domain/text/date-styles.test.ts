import { describe, expect, it } from 'vitest';
import {
  formatInstant,
  lessonTimeRange,
  plainSpaces,
  timeOfDayText,
  windowText,
} from './date-styles';

const at = '2026-11-27T09:05:00Z'; // 10:05 in Berlin
const text = (style: Parameters<typeof formatInstant>[1], locale: string, withoutYear = false) =>
  plainSpaces(formatInstant(at, style, { locale, zone: 'Europe/Berlin', withoutYear }));

describe('the date styles', () => {
  it('write each style in a 12-hour locale with AM/PM', () => {
    expect(text('date', 'en-US')).toBe('Nov 27, 2026');
    expect(text('weekdayDate', 'en-US')).toBe('Friday, November 27, 2026');
    expect(text('dateTime', 'en-US')).toBe('Nov 27, 2026, 10:05 AM');
    expect(text('time', 'en-US')).toBe('10:05 AM');
    expect(text('monthYear', 'en-US')).toBe('November 2026');
  });

  it('write the same styles in a 24-hour locale round the clock, in its own order', () => {
    expect(text('date', 'en-GB')).toBe('27 Nov 2026');
    expect(text('dateTime', 'en-GB')).toBe('27 Nov 2026, 10:05');
    expect(text('time', 'en-GB')).toBe('10:05');
  });

  it('leave the year out of a date of this year', () => {
    expect(text('date', 'en-US', true)).toBe('Nov 27');
    expect(text('weekdayDate', 'en-US', true)).toBe('Friday, November 27');
    expect(text('date', 'en-GB', true)).toBe('27 Nov');
  });

  it('read the clock of the zone given', () => {
    const tokyo = formatInstant(at, 'time', { locale: 'en-GB', zone: 'Asia/Tokyo' });
    expect(tokyo).toBe('18:05');
  });

  it('end a weekly window at 24:00 in a 24-hour locale, never 00:00; a day starts at 00:00', () => {
    expect(windowText('20:00', '24:00', 'en-GB')).toBe('20:00 – 24:00');
    expect(windowText('00:00', '02:00', 'en-GB')).toBe('00:00 – 02:00');
    expect(plainSpaces(windowText('20:00', '24:00', 'en-US'))).toBe('8:00 PM – 12:00 AM');
    expect(plainSpaces(timeOfDayText('09:30', 'en-US'))).toBe('9:30 AM');
  });

  it('tell a lesson by its own minutes', () => {
    const range = lessonTimeRange(at, 50, { locale: 'en-US', zone: 'Europe/Berlin' });
    expect(plainSpaces(range)).toBe('10:05 AM – 10:55 AM');
  });
});
