import { fromMinutes, type WeeklyWindow } from '../availability/weekly-window';
import {
  clampDays,
  dayOfWall,
  formatLocalDate,
  MS_PER_DAY,
  MS_PER_MINUTE,
  parseLocalDate,
  weekdayOf,
} from './local-date';
import { slotLengthMinutes } from './slot-length';
import { timePeriodOf, type TimePeriod } from './time-period';
import { byStart, mergeSorted, type UtcInterval } from './utc-interval';
import { groupByWeekday, intervalsForDays, timelineForDays } from './weekly-intervals';
import { offsetAt, wallToUtc, type ZoneTimeline } from './zone-timeline';

const DEFAULT_SLOT_DAYS = 14;
/** Candidate starts run every 30 minutes from each window's start. */
const CANDIDATE_STEP_MINUTES = 30;

export interface SlotQuery {
  /** The tutor's weekly windows, in the tutor's wall-clock time. */
  weekly: readonly WeeklyWindow[];
  tutorZone: string;
  /** Lessons (or other holds) that block time; touching a slot is fine. */
  busy: readonly { start: Date; end: Date }[];
  /** 25, 50 or 100; it picks the slot length (30, 60, 120; anything else 60). */
  lessonMinutes: number;
  viewerZone: string;
  /** The first date shown, 'YYYY-MM-DD' in the viewer's zone. */
  fromDate: string;
  /** How many of the viewer's dates, from fromDate (default 14). */
  days?: number;
  now: Date;
  /** Slots start at or after now + this (default 0). */
  minNoticeMinutes?: number;
}

/** A bookable slot: UTC ISO instants, weekday in the tutor's and viewer's zones. */
interface AvailableSlot {
  startTime: string;
  endTime: string;
  dow: number;
  localDow: number;
}

export interface DaySlot {
  startTime: string;
  endTime: string;
  /** 'HH:MM-HH:MM' on the viewer's clock: what the slot check takes back. */
  slotLabel: string;
  /** By the viewer's local start time. */
  period: TimePeriod;
}

/** The spec's availability day: one per viewer date in the range, slots possibly empty. */
interface AvailabilityDay {
  dateStr: string;
  localDow: number;
  slots: DaySlot[];
}

export interface SlotResult {
  slots: AvailableSlot[];
  days: AvailabilityDay[];
}

/**
 * The bookable slots of one tutor for `days` of the viewer's dates from `fromDate` (ADR 005).
 * A slot starts every 30 minutes from a window's start while the start lies in that window,
 * fits wholly inside one stretch of touching or overlapping real intervals, starts at or after
 * now + notice and overlaps no busy interval. Pure: windows are converted once each, the rest is
 * arithmetic on epoch milliseconds. Assumes valid zones (see slot-schemas); other edge input
 * (empty week, days 0, bad windows or dates) gives no slots.
 */
export function generateSlots(query: SlotQuery): SlotResult {
  const days = clampDays(query.days ?? DEFAULT_SLOT_DAYS);
  const firstDay = parseLocalDate(query.fromDate);
  if (firstDay === null || days === 0) return { slots: [], days: [] };
  const lastDay = firstDay + days - 1;

  // Tutor dates lie up to two days either side of the viewer's (offsets differ by ≤ 26 h), so
  // both timelines span two more days each side; the tutor's is the viewer's when zones match.
  const viewer = timelineForDays(query.viewerZone, firstDay - 2, lastDay + 2);
  const tutor =
    query.tutorZone === query.viewerZone
      ? viewer
      : timelineForDays(query.tutorZone, firstDay - 2, lastDay + 2);
  const rangeStart = wallToUtc(viewer, firstDay * MS_PER_DAY);
  const rangeEnd = wallToUtc(viewer, (lastDay + 1) * MS_PER_DAY);
  const tutorFirstDay = dayOfWall(rangeStart + offsetAt(tutor, rangeStart)) - 1;
  const tutorLastDay = dayOfWall(rangeEnd + offsetAt(tutor, rangeEnd)) + 1;
  const intervals = intervalsForDays(
    groupByWeekday(query.weekly),
    tutor,
    tutorFirstDay,
    tutorLastDay,
  );

  const slotMs = slotLengthMinutes(query.lessonMinutes) * MS_PER_MINUTE;
  const earliest = query.now.getTime() + (query.minNoticeMinutes ?? 0) * MS_PER_MINUTE;
  const starts = candidateStarts(intervals, Math.max(rangeStart, earliest), rangeEnd, slotMs);
  const busy = mergeSorted(
    query.busy
      .map((lesson) => ({ start: lesson.start.getTime(), end: lesson.end.getTime() }))
      .filter((lesson) => lesson.end > lesson.start)
      .sort(byStart),
  );
  return collect(starts, slotMs, busy, { tutor, viewer, firstDay, days });
}

const STEP_MS = CANDIDATE_STEP_MINUTES * MS_PER_MINUTE;

// Starts in [from, to) on each interval's grid whose slot fits inside the interval's stretch,
// ascending and without repeats.
function candidateStarts(
  intervals: readonly UtcInterval[],
  from: number,
  to: number,
  slotMs: number,
): number[] {
  const stretches = mergeSorted(intervals);
  const starts: number[] = [];
  let stretch = 0;
  let previous = -Infinity;
  let ascending = true;
  for (const interval of intervals) {
    // Both lists are sorted and stretches are disjoint: the first one not ending before this
    // interval's end is the one holding it.
    while ((stretches[stretch]?.end ?? Infinity) < interval.end) stretch++;
    const stretchEnd = stretches[stretch]?.end ?? interval.end;
    const skipped = Math.max(0, Math.ceil((from - interval.start) / STEP_MS));
    for (let start = interval.start + skipped * STEP_MS; start < interval.end; start += STEP_MS) {
      if (start >= to || start + slotMs > stretchEnd) break;
      if (start <= previous) ascending = false;
      starts.push((previous = start));
    }
  }
  // Only overlapping windows (a gap shift, or input not merged by the editor) get here.
  if (!ascending) return [...new Set(starts)].sort((a, b) => a - b);
  return starts;
}

interface Range {
  tutor: ZoneTimeline;
  viewer: ZoneTimeline;
  firstDay: number;
  days: number;
}

// Sweeps the ascending starts against merged busy intervals and writes both output shapes.
function collect(
  starts: readonly number[],
  slotMs: number,
  busy: readonly UtcInterval[],
  { tutor, viewer, firstDay, days }: Range,
): SlotResult {
  const slots: AvailableSlot[] = [];
  const dayList: AvailabilityDay[] = Array.from({ length: days }, (_, index) => ({
    dateStr: formatLocalDate(firstDay + index),
    localDow: weekdayOf(firstDay + index),
    slots: [],
  }));
  let blocker = 0;
  for (const start of starts) {
    const end = start + slotMs;
    while ((busy[blocker]?.end ?? Infinity) <= start) blocker++;
    if ((busy[blocker]?.start ?? Infinity) < end) continue;
    const viewerWall = start + offsetAt(viewer, start);
    const viewerDay = dayOfWall(viewerWall);
    const day = dayList[viewerDay - firstDay];
    if (!day) continue; // only where a clock runs back over midnight
    const startTime = new Date(start).toISOString();
    const endTime = new Date(end).toISOString();
    slots.push({
      startTime: startTime,
      endTime: endTime,
      dow: weekdayOf(dayOfWall(start + offsetAt(tutor, start))),
      localDow: day.localDow,
    });
    const localStart = (viewerWall - viewerDay * MS_PER_DAY) / MS_PER_MINUTE;
    const endWall = end + offsetAt(viewer, end);
    const localEnd = (endWall - dayOfWall(endWall) * MS_PER_DAY) / MS_PER_MINUTE;
    day.slots.push({
      startTime: startTime,
      endTime: endTime,
      slotLabel: `${fromMinutes(localStart)}-${fromMinutes(localEnd)}`,
      period: timePeriodOf(localStart),
    });
  }
  return { slots, days: dayList };
}
