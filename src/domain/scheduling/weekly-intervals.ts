import { toMinutes, type WeeklyWindow } from '../availability/weekly-window';
import {
  clampDays,
  formatLocalDate,
  MS_PER_DAY,
  MS_PER_MINUTE,
  parseLocalDate,
  weekdayOf,
} from './local-date';
import { byStart, type UtcInterval } from './utc-interval';
import { wallToUtc, zoneTimeline, type ZoneTimeline } from './zone-timeline';

/** A window's bounds in minutes after local midnight (1440 = '24:00'). */
interface WindowMinutes {
  start: number;
  end: number;
}

/** Weekly windows by weekday (index 0 = Sunday), parsed once instead of once per date. */
type WeekOfWindows = readonly (readonly WindowMinutes[])[];

export function groupByWeekday(weekly: readonly WeeklyWindow[]): WeekOfWindows {
  const week: WindowMinutes[][] = [[], [], [], [], [], [], []];
  for (const slot of weekly) {
    week[slot.dayOfWeek]?.push({ start: toMinutes(slot.startTime), end: toMinutes(slot.endTime) });
  }
  return week;
}

interface DatedInterval extends UtcInterval {
  /** The tutor's local date, as an epoch day. */
  day: number;
}

/**
 * The real intervals of the windows on local days firstDay..lastDay (epoch days), sorted by
 * start. Each wall time is converted on its own (never by adding 24 h), '24:00' being the next
 * midnight; an interval whose end maps at or before its start (a window in a spring-forward gap
 * that ends when clocks resume) is empty and left out.
 */
export function intervalsForDays(
  week: WeekOfWindows,
  timeline: ZoneTimeline,
  firstDay: number,
  lastDay: number,
): DatedInterval[] {
  const intervals: DatedInterval[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const midnight = day * MS_PER_DAY;
    for (const window of week[weekdayOf(day)] ?? []) {
      const start = wallToUtc(timeline, midnight + window.start * MS_PER_MINUTE);
      const end = wallToUtc(timeline, midnight + window.end * MS_PER_MINUTE);
      if (end > start) intervals.push({ day, start, end });
    }
  }
  return intervals.sort(byStart);
}

// Room around a range of dates for any UTC offset (-12 h … +14 h) and for gap shifts.
const MARGIN_DAYS = 2;

// A timeline is pure in (zone, days) and costs a few dozen Intl calls (~0.5 ms for a week):
// a server answering many viewers of the same weeks finds each once. Bounded, oldest out first;
// timelines are frozen, so sharing one is safe.
const KEPT_TIMELINES = 256;
const keptTimelines = new Map<string, ZoneTimeline>();

/** The timeline of a zone around local days firstDay..lastDay. */
export function timelineForDays(zone: string, firstDay: number, lastDay: number): ZoneTimeline {
  const key = `${zone} ${firstDay} ${lastDay}`;
  const kept = keptTimelines.get(key);
  if (kept) return kept;
  const timeline = zoneTimeline(
    zone,
    (firstDay - MARGIN_DAYS) * MS_PER_DAY,
    (lastDay + 1 + MARGIN_DAYS) * MS_PER_DAY,
  );
  if (keptTimelines.size >= KEPT_TIMELINES) {
    keptTimelines.delete(keptTimelines.keys().next().value!);
  }
  keptTimelines.set(key, timeline);
  return timeline;
}

interface WeeklyIntervalsQuery {
  weekly: readonly WeeklyWindow[];
  /** The tutor's IANA zone. */
  zone: string;
  /** First local date in the tutor's zone, 'YYYY-MM-DD'. */
  fromDate: string;
  days: number;
}

interface RealInterval extends UtcInterval {
  /** The tutor's local date the window belongs to, 'YYYY-MM-DD'. */
  localDate: string;
}

/** Weekly availability -> the UTC intervals (epoch ms) of each local date in the range. */
export function weeklyIntervals({
  weekly,
  zone,
  fromDate,
  days,
}: WeeklyIntervalsQuery): RealInterval[] {
  const firstDay = parseLocalDate(fromDate);
  const count = clampDays(days);
  if (firstDay === null || count === 0) return [];
  const lastDay = firstDay + count - 1;
  const timeline = timelineForDays(zone, firstDay, lastDay);
  return intervalsForDays(groupByWeekday(weekly), timeline, firstDay, lastDay).map(
    ({ day, start, end }) => ({ localDate: formatLocalDate(day), start, end }),
  );
}
