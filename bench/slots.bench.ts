// npm run bench:slots — time generateSlots as the booking modal calls it: 14 days, a tutor with
// 20 weekly windows and 40 booked lessons, viewed from another zone, across a DST change.
import { fromMinutes, type WeeklyWindow } from '../src/domain/availability/weekly-window';
import { generateSlots, type SlotQuery } from '../src/domain/scheduling/generate-slots';

const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/Los_Angeles',
  'Europe/Berlin',
  'America/Sao_Paulo',
  'Asia/Tokyo',
];

// A small deterministic generator so every run times the same work.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** 20 windows: three a day Monday to Saturday, two on Sunday, 1.5-3 h each. */
function weeklyWindows(next: () => number): WeeklyWindow[] {
  const windows: WeeklyWindow[] = [];
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) {
    const starts = dayOfWeek === 0 ? [9 * 60, 15 * 60] : [8 * 60, 13 * 60, 18 * 60];
    for (const start of starts) {
      const shifted = start + Math.floor(next() * 4) * 30;
      const length = 90 + Math.floor(next() * 4) * 30;
      windows.push({
        dayOfWeek,
        startTime: fromMinutes(shifted),
        endTime: fromMinutes(shifted + length),
      });
    }
  }
  return windows;
}

const FROM = Date.parse('2027-03-22T00:00:00Z'); // the EU clocks change on the 28th

function tutorQuery(seed: number): SlotQuery {
  const next = random(seed);
  const busy = Array.from({ length: 40 }, () => {
    const start = FROM + Math.floor(next() * 14 * 48) * 30 * 60_000;
    return { start: new Date(start), end: new Date(start + 50 * 60_000) };
  });
  return {
    weekly: weeklyWindows(next),
    tutorZone: ZONES[seed % ZONES.length] ?? 'UTC',
    busy,
    lessonMinutes: 50,
    viewerZone: ZONES[(seed + 3) % ZONES.length] ?? 'UTC',
    fromDate: '2027-03-22',
    days: 14,
    now: new Date('2027-03-21T12:00:00Z'),
    minNoticeMinutes: 60,
  };
}

function measure(label: string, iterations: number, run: () => void, perCall = 1) {
  for (let i = 0; i < Math.max(50, iterations / 5); i++) run(); // warm up the JIT and Intl
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  console.log(
    `${label}: p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}` +
      (perCall > 1 ? ` (p50 per tutor ${ms(at(0.5) / perCall)})` : '') +
      ` over ${iterations} runs`,
  );
}

const one = tutorQuery(1);
const sample = generateSlots(one);
console.log(
  `one tutor: ${one.weekly.length} weekly windows, ${one.busy.length} busy lessons, ` +
    `${sample.days.length} days, ${sample.slots.length} slots (${one.tutorZone} seen from ${one.viewerZone})`,
);
measure('generateSlots, one tutor, 14 days', 1000, () => generateSlots(one));

const tutors = Array.from({ length: 100 }, (_, i) => tutorQuery(i + 1));
measure('100 tutors in a row', 300, () => tutors.forEach((query) => generateSlots(query)), 100);
