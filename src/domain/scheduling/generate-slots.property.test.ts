import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WeeklyWindow } from '../availability/weekly-window';
import { checkSlot } from './check-slot';
import { generateSlots, type SlotQuery, type SlotResult } from './generate-slots';

// generateSlots against a deliberately naive model: the wall clock of every UTC minute read
// through Intl, wall times found by scanning those minutes, a slot checked minute by minute.
// Rules (ADR 005): a repeated wall time takes its earlier instant; a missing one takes the
// offset in force just before the jump; slots need every minute inside some window's interval
// and none inside busy time.

const MINUTE = 60_000;
const DAY_MINUTES = 1440;
const ZONES = Intl.supportedValuesOf('timeZone');

/** Wall-clock minutes (since 1970-01-01 00:00 on that clock) of each UTC minute in a span. */
class NaiveClock {
  private readonly walls: number[] = [];
  constructor(
    zone: string,
    private readonly first: number, // UTC minute
    last: number,
  ) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    for (let minute = first; minute <= last; minute++) {
      const [, month, day, year, hour, min] = /(\d+)\/(\d+)\/(\d+), (\d+):(\d+)/
        .exec(format.format(minute * MINUTE))!
        .map(Number);
      this.walls.push(Date.UTC(year!, month! - 1, day!, hour, min) / MINUTE);
    }
  }

  wallAt(minute: number): number {
    const wall = this.walls[minute - this.first];
    if (wall === undefined) throw new Error('minute outside the naive clock');
    return wall;
  }

  toUtc(wall: number): number {
    const index = this.walls.indexOf(wall);
    if (index >= 0) return this.first + index; // the earliest minute showing it
    for (let i = 1; i < this.walls.length; i++) {
      const before = this.walls[i - 1]!;
      if (before < wall && this.walls[i]! > wall) {
        return wall - (before - (this.first + i - 1)); // offset before the jump
      }
    }
    throw new Error('wall time outside the naive clock');
  }
}

const weekday = (dayNumber: number) => (((dayNumber + 4) % 7) + 7) % 7;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const iso = (minute: number) => new Date(minute * MINUTE).toISOString();

function naiveSlots(query: SlotQuery & { days: number }): SlotResult {
  const firstDay = Date.parse(`${query.fromDate}T00:00:00Z`) / (DAY_MINUTES * MINUTE);
  const lastDay = firstDay + query.days - 1;
  // Tutor dates two either side of the viewer's (offsets differ by up to 26 h) and one more
  // after, for slots running into the next date; clocks cover those walls at any offset.
  const margin = 15 * 60;
  const tutor = new NaiveClock(
    query.tutorZone,
    (firstDay - 2) * DAY_MINUTES - margin,
    (lastDay + 4) * DAY_MINUTES + margin,
  );
  const viewer =
    query.viewerZone === query.tutorZone
      ? tutor
      : new NaiveClock(
          query.viewerZone,
          firstDay * DAY_MINUTES - margin,
          (lastDay + 1) * DAY_MINUTES + margin + 120,
        );
  const rangeStart = viewer.toUtc(firstDay * DAY_MINUTES);
  const rangeEnd = viewer.toUtc((lastDay + 1) * DAY_MINUTES);

  const intervals: [number, number][] = [];
  for (let day = firstDay - 2; day <= lastDay + 3; day++) {
    for (const window of query.weekly.filter((w) => w.dayOfWeek === weekday(day))) {
      const start = tutor.toUtc(day * DAY_MINUTES + toMinutes(window.startTime));
      const end = tutor.toUtc(day * DAY_MINUTES + toMinutes(window.endTime));
      if (end > start) intervals.push([start, end]);
    }
  }
  const busy = query.busy.map((b) => [b.start.getTime() / MINUTE, b.end.getTime() / MINUTE]);
  const inside = (minute: number, list: number[][]) =>
    list.some(([start, end]) => start! <= minute && minute < end!);

  const length = { 25: 30, 50: 60, 100: 120 }[query.lessonMinutes] ?? 60;
  const earliest = query.now.getTime() + (query.minNoticeMinutes ?? 0) * MINUTE;
  const starts = new Set<number>();
  for (const [start, end] of intervals) {
    for (let minute = start; minute < end; minute += 30) {
      if (minute < rangeStart || minute >= rangeEnd || minute * MINUTE < earliest) continue;
      const viewerDay = Math.floor(viewer.wallAt(minute) / DAY_MINUTES);
      if (viewerDay < firstDay || viewerDay > lastDay) continue;
      let fits = true;
      for (let m = minute; m < minute + length && fits; m++) {
        fits = inside(m, intervals) && !inside(m, busy);
      }
      if (fits) starts.add(minute);
    }
  }

  const result: SlotResult = { slots: [], days: [] };
  for (let day = firstDay; day <= lastDay; day++) {
    const dateStr = new Date(day * DAY_MINUTES * MINUTE).toISOString().slice(0, 10);
    result.days.push({ dateStr, localDow: weekday(day), slots: [] });
  }
  for (const start of [...starts].sort((a, b) => a - b)) {
    const end = start + length;
    const viewerWall = viewer.wallAt(start);
    const viewerDay = Math.floor(viewerWall / DAY_MINUTES);
    const local = viewerWall - viewerDay * DAY_MINUTES;
    result.slots.push({
      startTime: iso(start),
      endTime: iso(end),
      dow: weekday(Math.floor(tutor.wallAt(start) / DAY_MINUTES)),
      localDow: weekday(viewerDay),
    });
    result.days[viewerDay - firstDay]!.slots.push({
      startTime: iso(start),
      endTime: iso(end),
      slotLabel: `${hhmm(local)}-${hhmm(viewer.wallAt(end) % DAY_MINUTES)}`,
      period: local < 720 ? 'morning' : local < 1020 ? 'afternoon' : 'evening',
    });
  }
  return result;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** A zone's UTC offset in minutes at an instant, read from Intl ('GMT+05:45'). */
function offsetMinutes(zone: string, ms: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const [, sign, hours, minutes] = /GMT([+-])?(\d\d)?:?(\d\d)?/.exec(format.format(ms))!;
  return (sign === '-' ? -1 : 1) * (Number(hours ?? 0) * 60 + Number(minutes ?? 0));
}

interface OffsetChange {
  /** The local date of the change, in days since 1970. */
  day: number;
  /** Minutes after local midnight at which the old clock stops. */
  wallMinute: number;
}

// A zone's offset changes in a year: daily samples, then the minute by bisection.
const changesByYear = new Map<string, OffsetChange[]>();
function offsetChanges(zone: string, year: number): OffsetChange[] {
  const key = `${zone} ${year}`;
  let changes = changesByYear.get(key);
  if (!changes) {
    changes = [];
    const at = (minute: number) => offsetMinutes(zone, minute * MINUTE);
    const first = Date.UTC(year, 0, 1) / MINUTE;
    for (let minute = first; minute < first + 366 * DAY_MINUTES; minute += DAY_MINUTES) {
      const before = at(minute);
      if (before === at(minute + DAY_MINUTES)) continue;
      let [low, high] = [minute, minute + DAY_MINUTES];
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (at(middle) === before) low = middle;
        else high = middle;
      }
      const wall = high + before;
      const day = Math.floor(wall / DAY_MINUTES);
      changes.push({ day, wallMinute: wall - day * DAY_MINUTES });
    }
    changesByYear.set(key, changes);
  }
  return changes;
}

// Zones whose offset changes in 2030 (any month differs): where daylight saving lives.
const CHANGING_ZONES = ZONES.filter((name) => {
  const months = Array.from({ length: 12 }, (_, m) => offsetMinutes(name, Date.UTC(2030, m, 15)));
  return new Set(months).size > 1;
});
const zone = fc.oneof(fc.constantFrom(...ZONES), fc.constantFrom(...CHANGING_ZONES));
const quarterHours = (min: number, max: number) =>
  fc.integer({ min, max }).map((quarters) => quarters * 15);

/** Windows on and around the range's weekdays (dayShift from fromDate's), on the grid or off it. */
const windowsArb = fc.array(
  fc.record({
    dayShift: fc.integer({ min: -1, max: 2 }),
    start: fc.oneof(quarterHours(0, 95), fc.integer({ min: 0, max: 1439 })),
    length: fc.oneof(quarterHours(1, 16), fc.integer({ min: 1, max: 1440 })),
  }),
  { minLength: 1, maxLength: 6 },
);

/** A tutor's offset change, with windows starting and ending around it (quarter hours). */
const nearChangeArb = fc.record({
  dayShift: fc.integer({ min: -1, max: 0 }),
  windows: fc.array(fc.record({ start: quarterHours(-6, 4), length: quarterHours(1, 10) }), {
    maxLength: 3,
  }),
});

const asWindow = (day: number, start: number, length: number): WeeklyWindow => ({
  dayOfWeek: weekday(day),
  startTime: hhmm(Math.max(0, start)),
  endTime: hhmm(Math.min(Math.max(0, start) + length, DAY_MINUTES)),
});

/** A query over 1..maxDays dates; often around one of the tutor zone's offset changes. */
function queryArb(maxDays: number) {
  const dayArb = (days: number) =>
    fc.integer({ min: -days * DAY_MINUTES, max: maxDays * DAY_MINUTES });
  return fc
    .record({
      tutorZone: zone,
      viewerZone: fc.oneof(zone, fc.constant('same')),
      year: fc.integer({ min: 2026, max: 2035 }),
      dayOfYear: fc.integer({ min: 0, max: 364 }),
      change: fc.option(nearChangeArb),
      days: fc.integer({ min: 1, max: maxDays }),
      windows: windowsArb,
      busy: fc.array(
        fc.record({
          at: fc.oneof(
            dayArb(1),
            dayArb(1).map((minute) => minute - (minute % 30)),
          ),
          length: fc.oneof(fc.integer({ min: 1, max: 240 }), quarterHours(2, 8)),
        }),
        { maxLength: 6 },
      ),
      lessonMinutes: fc.constantFrom(25, 50, 100, 45),
      // Mostly before the range; sometimes inside it, cutting it.
      now: fc.oneof(
        dayArb(3).filter((minute) => minute < 0),
        dayArb(0),
      ),
      nowMs: fc.integer({ min: 0, max: MINUTE - 1 }),
      minNoticeMinutes: fc.constantFrom(0, 0, 0, 30, 90, 1440),
    })
    .map((input) => {
      const viewerZone = input.viewerZone === 'same' ? input.tutorZone : input.viewerZone;
      const changes = input.change ? offsetChanges(input.tutorZone, input.year) : [];
      const change = changes[input.dayOfYear % Math.max(changes.length, 1)];
      const firstDay =
        change && input.change
          ? change.day + input.change.dayShift
          : Date.UTC(input.year, 0, 1) / (DAY_MINUTES * MINUTE) + input.dayOfYear;
      const nearby = change
        ? (input.change?.windows ?? []).map(({ start, length }) =>
            asWindow(change.day, change.wallMinute + start, length),
          )
        : [];
      const origin = firstDay * DAY_MINUTES;
      return {
        weekly: [
          ...input.windows.map(({ dayShift, start, length }) =>
            asWindow(firstDay + dayShift, start, length),
          ),
          ...nearby,
        ].filter((w) => w.endTime > w.startTime),
        tutorZone: input.tutorZone,
        viewerZone,
        busy: input.busy.map(({ at, length }) => ({
          start: new Date((origin + at) * MINUTE),
          end: new Date((origin + at + length) * MINUTE),
        })),
        lessonMinutes: input.lessonMinutes,
        fromDate: new Date(origin * MINUTE).toISOString().slice(0, 10),
        days: input.days,
        now: new Date((origin + input.now) * MINUTE + input.nowMs),
        minNoticeMinutes: input.minNoticeMinutes,
      } satisfies SlotQuery;
    });
}

describe('generateSlots, property-tested', () => {
  it('agrees exactly with the naive minute-by-minute model', () => {
    fc.assert(
      fc.property(queryArb(2), (query) => {
        expect(generateSlots(query)).toEqual(naiveSlots(query));
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('over 14 days: no busy overlap, nothing before now + notice, every slot in a window', () => {
    fc.assert(
      fc.property(queryArb(14), (query) => {
        const earliest = query.now.getTime() + query.minNoticeMinutes * MINUTE;
        // The windows' real intervals by Temporal's own algorithm (offsets a day either side
        // of the wall time; the earlier fitting instant, else the offset before the gap).
        const zoneOffset = (minute: number) => offsetMinutes(query.tutorZone, minute * MINUTE);
        const instantOf = (wall: number) => {
          const before = zoneOffset(wall - DAY_MINUTES);
          const fitting = [wall - before, wall - zoneOffset(wall + DAY_MINUTES)].filter(
            (minute) => minute + zoneOffset(minute) === wall,
          );
          return fitting.length > 0 ? Math.min(...fitting) : wall - before;
        };
        const firstDay = Date.parse(query.fromDate) / (DAY_MINUTES * MINUTE);
        const intervals: [number, number][] = [];
        for (let day = firstDay - 2; day <= firstDay + query.days + 2; day++) {
          for (const w of query.weekly.filter((window) => window.dayOfWeek === weekday(day))) {
            const start = instantOf(day * DAY_MINUTES + toMinutes(w.startTime));
            intervals.push([start, instantOf(day * DAY_MINUTES + toMinutes(w.endTime))]);
          }
        }
        const inWindow = (ms: number) =>
          intervals.some(([start, end]) => start * MINUTE <= ms && ms < end * MINUTE);
        for (const slot of generateSlots(query).slots) {
          const start = Date.parse(slot.startTime);
          const end = Date.parse(slot.endTime);
          expect(start).toBeGreaterThanOrEqual(earliest);
          for (const lesson of query.busy) {
            const overlaps = lesson.start.getTime() < end && start < lesson.end.getTime();
            expect(overlaps).toBe(false);
          }
          for (let ms = start; ms < end; ms += MINUTE) expect(inWindow(ms)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('checkSlot accepts every generated slot and returns its instants', () => {
    fc.assert(
      fc.property(queryArb(3), (query) => {
        const result = generateSlots(query);
        for (const day of result.days) {
          for (const [index, slot] of day.slots.entries()) {
            const checked = checkSlot({
              ...query,
              bookingDate: day.dateStr,
              slotLabel: slot.slotLabel,
            });
            // A repeated hour can show two slots the same way: the earlier one is meant.
            const first = day.slots.find((other) => other.slotLabel === slot.slotLabel)!;
            expect(checked).toEqual({
              ok: true,
              startUtc: first.startTime,
              endUtc: first.endTime,
            });
            if (first === day.slots[index])
              expect(checked).toMatchObject({ startUtc: slot.startTime });
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});
