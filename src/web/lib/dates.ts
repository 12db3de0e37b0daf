import {
  dateFormatter,
  formatInstant,
  timeOfDayText,
  windowText,
  type DateStyle,
} from '../../domain/text/date-styles';

// The web's only door to date formatting (lint keeps it so): every screen names a style of
// src/domain/text/date-styles.ts, written in the reader's locale and, for an instant, the
// account's zone (useAccountZone). Emails use the same styles.

/**
 * The one rule for the locale: the browser's language (component tests run in jsdom's
 * 'en-US'). It decides the order of a date's parts and the hour cycle, AM/PM or 24 hours.
 */
export const displayLocale = (): string =>
  (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/** An instant in a named style on the clocks of `zone`. */
export const formatDate = (
  instant: string | number | Date,
  style: DateStyle,
  zone: string,
  withoutYear = false,
) => formatInstant(instant, style, { locale: displayLocale(), zone, withoutYear });

// A civil date formatted as itself: noon UTC never crosses a date line in the UTC formatter.
const civil = (date: string) => new Date(`${date}T12:00:00Z`);

/** A civil date, 'YYYY-MM-DD' (no zone applies), in a named style. */
export const formatCivilDate = (date: string, style: DateStyle, withoutYear = false) =>
  formatDate(civil(date), style, 'UTC', withoutYear);

/** Two civil dates as one range: 'March – April 2027'. */
export const formatCivilRange = (first: string, last: string, style: DateStyle) =>
  dateFormatter(style, { locale: displayLocale(), zone: 'UTC' }).formatRange(
    civil(first),
    civil(last),
  );

/** A zone's offset at an instant: 'GMT+9'. */
export const zoneOffsetName = (zone: string, at: string | Date) =>
  dateFormatter('zoneOffset', { locale: displayLocale(), zone })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;

/** A weekly availability window: '8:00 PM – 12:00 AM' / '20:00 – 24:00' (24:00 ends a day). */
export const weeklyWindowText = (window: { startTime: string; endTime: string }) =>
  windowText(window.startTime, window.endTime, displayLocale());

/** A time of day, 'HH:MM' (24:00 ends a day), as the locale writes it: '8:00 PM' / '20:00'. */
export const timeOfDay = (time: string) => timeOfDayText(time, displayLocale());
