/** A span of real time in epoch milliseconds, end exclusive. */
export interface UtcInterval {
  start: number;
  end: number;
}

/**
 * Intervals sorted by start, joined where they overlap or touch (ADR 005: touching windows form
 * one stretch, so a slot may span them; touching busy lessons block as one).
 */
export function mergeSorted(sorted: readonly UtcInterval[]): UtcInterval[] {
  const merged: UtcInterval[] = [];
  let current: UtcInterval | undefined;
  for (const { start, end } of sorted) {
    if (current && start <= current.end) {
      current.end = Math.max(current.end, end);
    } else {
      current = { start, end };
      merged.push(current);
    }
  }
  return merged;
}

export const byStart = (a: UtcInterval, b: UtcInterval) => a.start - b.start || a.end - b.end;
