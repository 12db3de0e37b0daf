import { dayOfWall, formatLocalDate } from '../../domain/scheduling/local-date';
import { zoneOffsetMs } from '../../domain/scheduling/zone-timeline';

import { lessonTimeRange } from '../../domain/text/date-styles';
import { displayLocale, formatCivilDate, formatDate, zoneOffsetName } from './dates';

// Lesson times as people read them: the API sends UTC instants, screens show them in the
// viewer's zone (and say which zone that is), in the styles of ./dates.

/** The civil date of an instant on the clocks of `zone`, 'YYYY-MM-DD' (grouping, 'today'). */
export function localDateKey(instant: string | Date | number, zone: string): string {
  const epochMs = new Date(instant).getTime();
  return formatLocalDate(dayOfWall(epochMs + zoneOffsetMs(zone, epochMs)));
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A date heading: 'Today · Monday, March 2', with the year only when it is not this year's. */
export function dateHeading(dateKey: string, todayKey: string): string {
  const sameYear = dateKey.slice(0, 4) === todayKey.slice(0, 4);
  const text = formatCivilDate(dateKey, 'weekdayDate', sameYear);
  const offset = daysBetween(todayKey, dateKey);
  if (offset === 0) return `Today · ${text}`;
  if (offset === 1) return `Tomorrow · ${text}`;
  return text;
}

/** '9:00 AM' in the viewer's zone. */
export const clockTime = (instant: string, zone: string) => formatDate(instant, 'time', zone);

/**
 * '9:00 AM – 9:50 AM' in the viewer's zone: the lesson's own minutes from its start (a
 * 50-minute lesson holds a 60-minute slot; people are told when the lesson ends).
 */
export const lessonTimes = (start: string, lessonMinutes: number, zone: string) =>
  lessonTimeRange(start, lessonMinutes, { locale: displayLocale(), zone });

/** 'Monday, March 2, 2026' in the viewer's zone. */
export const longDate = (instant: string, zone: string) => formatDate(instant, 'weekdayDate', zone);

/** 'Asia/Tokyo (GMT+9)': the zone's name and its offset at that instant. */
export function zoneLabel(zone: string, at: string | Date = new Date()): string {
  const offset = zoneOffsetName(zone, at);
  const name = zone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
}

/** 'Mar 8, 2027' in the viewer's zone (payments, package expiry). */
export const shortDate = (instant: string, zone: string) => formatDate(instant, 'date', zone);

/** 'Mar 8, 2027, 9:00 AM' in the viewer's zone. */
export const shortDateTime = (instant: string, zone: string) =>
  formatDate(instant, 'dateTime', zone);

/** 'March 2027' for a 'YYYY-MM' month (already in the right zone: no zone applies). */
export const monthName = (month: string) => formatCivilDate(`${month}-15`, 'monthYear');

/** Calendar days from `now` to `instant` on the clocks of `zone` (0 today, 1 tomorrow, -1 yesterday). */
export const calendarDaysUntil = (instant: string, now: Date | number, zone: string) =>
  daysBetween(localDateKey(now, zone), localDateKey(instant, zone));
