// Civil dates as whole days since 1970-01-01 ("epoch days") and wall-clock times as milliseconds
// on a UTC-like scale ("wall ms"): plain arithmetic, no zone involved, so no luxon object per slot.

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' -> epoch day, or null when it is not a real calendar date. */
export function parseLocalDate(text: string): number | null {
  const match = LOCAL_DATE.exec(text);
  if (!match) return null;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
  // The round trip rejects 2027-02-30 and years Date.UTC would move (0000-0099).
  return formatLocalDate(day) === text ? day : null;
}

/** Epoch day -> 'YYYY-MM-DD'. */
export function formatLocalDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Epoch day -> weekday 0-6, Sunday first (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return ((day % 7) + 11) % 7;
}

/** The epoch day a wall-ms value falls on. */
export function dayOfWall(wallMs: number): number {
  return Math.floor(wallMs / MS_PER_DAY);
}

// Generation never loops for long: a year is the most any caller may ask for.
const MAX_DAYS = 366;

/** A day count made safe: whole, 0 when not a positive number, at most a year. */
export function clampDays(days: number): number {
  return days > 0 ? Math.min(Math.floor(days), MAX_DAYS) : 0;
}
