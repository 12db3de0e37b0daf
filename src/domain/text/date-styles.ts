// The one place dates and times become text (issue 29: one format per locale). Screens and
// emails name a style; the locale decides the order, the words and the hour cycle (12 h or 24 h),
// the zone decides the clock. Adding a way to write a date means adding a style here.

/** The named ways a date or time is written. */
export const DATE_STYLES = {
  /** 'Mar 8, 2027' / '8 Mar 2027' */
  date: { dateStyle: 'medium' },
  /** 'Monday, March 8, 2027' / 'Monday 8 March 2027' */
  weekdayDate: { dateStyle: 'full' },
  /** 'Mar 8, 2027, 9:00 AM' / '8 Mar 2027, 09:00' */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** '9:00 AM' / '09:00' */
  time: { timeStyle: 'short' },
  /** 'March 2027' */
  monthYear: { year: 'numeric', month: 'long' },
  /** 'Mon' (a day's button, a weekly row) */
  weekday: { weekday: 'short' },
  /** '8' (a day's button) */
  dayOfMonth: { day: 'numeric' },
  /** 'GMT+9' (read from its parts: a zone's offset at an instant) */
  zoneOffset: { timeZoneName: 'shortOffset' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

// The locale's own patterns (dateStyle, timeStyle) cannot leave a field out: a date of the
// current year is written from its parts instead.
const WITHOUT_YEAR: Partial<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  date: { month: 'short', day: 'numeric' },
  weekdayDate: { weekday: 'long', month: 'long', day: 'numeric' },
  monthYear: { month: 'long' },
};

export interface DateStyleOptions {
  locale: string;
  /** The IANA zone whose clock is read; 'UTC' for a civil date or a time of day. */
  zone: string;
  /** Leave the year out (a date in the current year). */
  withoutYear?: boolean;
  /** Write midnight as the end of the day: '24:00' where the locale counts 24 hours. */
  endOfDay?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per style, locale and zone: lists format many times per render. */
export function dateFormatter(style: DateStyle, options: DateStyleOptions): Intl.DateTimeFormat {
  const { locale, zone, withoutYear = false, endOfDay = false } = options;
  const key = `${style}|${locale}|${zone}|${withoutYear}|${endOfDay}`;
  let cached = formatters.get(key);
  if (!cached) {
    const base = (withoutYear && WITHOUT_YEAR[style]) || DATE_STYLES[style];
    // 'h24' writes midnight 24:00; only a 24-hour locale is asked for it (12 AM stays 12 AM).
    const h24 = endOfDay && usesTwentyFourHours(locale) ? { hourCycle: 'h24' as const } : {};
    cached = new Intl.DateTimeFormat(locale, { ...base, ...h24, timeZone: zone });
    formatters.set(key, cached);
  }
  return cached;
}

/** An instant written in a named style. */
export const formatInstant = (
  instant: string | number | Date,
  style: DateStyle,
  options: DateStyleOptions,
) => dateFormatter(style, options).format(new Date(instant));

const hourCycles = new Map<string, boolean>();

/** Whether the locale reads the clock round 24 hours (en-GB, de) rather than AM/PM (en-US). */
export function usesTwentyFourHours(locale: string): boolean {
  let answer = hourCycles.get(locale);
  if (answer === undefined) {
    const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
    answer = hourCycle === 'h23' || hourCycle === 'h24';
    hourCycles.set(locale, answer);
  }
  return answer;
}

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_DAY = 24 * 60;

/**
 * A weekly time of day, 'HH:MM' from 00:00 to 24:00, in the locale's style: '8:00 PM' /
 * '20:00'. '24:00' ends a day: a 24-hour locale writes it so, never '00:00'.
 */
export function timeOfDayText(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const total = hours * 60 + minutes;
  return formatInstant(Date.UTC(2000, 0, 3) + total * MS_PER_MINUTE, 'time', {
    locale,
    zone: 'UTC',
    endOfDay: total === MINUTES_PER_DAY,
  });
}

/** A weekly window, '8:00 PM – 12:00 AM' / '20:00 – 24:00'. */
export const windowText = (startTime: string, endTime: string, locale: string) =>
  `${timeOfDayText(startTime, locale)} – ${timeOfDayText(endTime, locale)}`;

/**
 * A lesson's times, '3:00 PM – 3:50 PM': its own minutes from its start (a 50-minute lesson
 * holds a 60-minute slot; people are told when the lesson ends). Screens and emails both.
 */
export function lessonTimeRange(
  startsAt: string | number | Date,
  lessonMinutes: number,
  options: DateStyleOptions,
): string {
  const start = new Date(startsAt).getTime();
  const end = start + lessonMinutes * MS_PER_MINUTE;
  return `${formatInstant(start, 'time', options)} – ${formatInstant(end, 'time', options)}`;
}

/** Plain text (emails, headers) gets a plain space where ICU puts a narrow no-break one. */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
