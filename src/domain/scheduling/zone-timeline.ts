import { MS_PER_DAY } from './local-date';

// A zone's UTC offsets over a span of time, found once per call so that every later conversion
// is arithmetic on epoch milliseconds instead of an Intl call (a few µs each) per slot.

interface Segment {
  /** First instant (epoch ms) with this offset; -Infinity for the first segment. */
  from: number;
  /** First instant after it; Infinity for the last segment. */
  until: number;
  /** Local time minus UTC, in ms. */
  offset: number;
}

export interface ZoneTimeline {
  readonly segments: readonly Segment[];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

// 'longOffset' prints the offset itself ('…, GMT+05:45'), cheaper than formatToParts.
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const MINUS = 45;
const UNICODE_MINUS = 0x2212;

/** The zone's offset (ms) at an instant. Throws RangeError for an unknown zone. */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const text = formatterFor(zone).format(epochMs);
  const gmt = text.lastIndexOf('GMT');
  if (gmt >= 0 && gmt + 3 === text.length) return 0; // plain 'GMT'
  const signCode = text.charCodeAt(gmt + 3);
  const sign = signCode === MINUS || signCode === UNICODE_MINUS ? -1 : 1;
  // ±HH:MM, and :SS for historic local mean time.
  const [hours = 0, minutes = 0, seconds = 0] = text
    .slice(gmt + 4)
    .split(':')
    .map(Number);
  const offset = sign * ((hours * 60 + minutes) * 60 + seconds) * 1000;
  // A format this code cannot read must fail loudly, not feed NaN to the searches below.
  if (gmt < 0 || !Number.isFinite(offset)) throw new RangeError(`Unreadable offset: ${text}`);
  return offset;
}

// Sampling step: a change is found when two samples differ, so this assumes a zone never changes
// its offset and back within 12 hours (tzdb's closest pairs, like Morocco's Ramadan, are weeks
// apart; the property tests compare against a minute-by-minute model).
const SAMPLE_MS = MS_PER_DAY / 2;

/** The zone's offsets between two instants (instants outside take the nearest known offset). */
export function zoneTimeline(zone: string, fromMs: number, toMs: number): ZoneTimeline {
  const start = Math.floor(fromMs / 1000) * 1000;
  let last: Segment = { from: -Infinity, until: Infinity, offset: zoneOffsetMs(zone, start) };
  const segments = [last];
  for (let sample = start; sample < toMs;) {
    const next = Math.min(sample + SAMPLE_MS, toMs);
    const offset = zoneOffsetMs(zone, next);
    let searchFrom = sample;
    while (offset !== last.offset) {
      const change = firstChange(zone, searchFrom, next, last.offset);
      last.until = change;
      last = { from: change, until: Infinity, offset: zoneOffsetMs(zone, change) };
      segments.push(last);
      searchFrom = change;
    }
    sample = next;
  }
  for (const segment of segments) Object.freeze(segment);
  return { segments: Object.freeze(segments) };
}

// Binary search, to the second (tzdb changes fall on whole seconds), for the first instant in
// (lowMs, highMs] whose offset is not `offset`.
function firstChange(zone: string, lowMs: number, highMs: number, offset: number): number {
  let low = Math.floor(lowMs / 1000);
  let high = Math.ceil(highMs / 1000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (zoneOffsetMs(zone, middle * 1000) === offset) low = middle;
    else high = middle;
  }
  return high * 1000;
}

/** The offset (ms) in force at an instant. */
export function offsetAt(timeline: ZoneTimeline, epochMs: number): number {
  let offset = 0;
  for (const segment of timeline.segments) {
    offset = segment.offset;
    if (epochMs < segment.until) break;
  }
  return offset;
}

/**
 * The instant of a wall-clock time (ADR 005): the earlier instant when the wall time happens
 * twice, and the offset in force before the change when it does not happen at all (a
 * spring-forward gap), which moves it forward by the gap, as Temporal's 'compatible'.
 */
export function wallToUtc(timeline: ZoneTimeline, wallMs: number): number {
  let offsetBefore = 0;
  for (const { from, until, offset } of timeline.segments) {
    const instant = wallMs - offset;
    // The first segment whose clock reaches wallMs: inside it, or wallMs lies in the gap before it.
    if (instant < until) return instant >= from ? instant : wallMs - offsetBefore;
    offsetBefore = offset;
  }
  return wallMs - offsetBefore; // not reached: the last segment runs until Infinity
}
