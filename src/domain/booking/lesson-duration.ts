import type { LessonMinutes } from '../scheduling/slot-length';

/**
 * The lesson length a rescheduled lesson keeps, from the minutes between its
 * start and end: up to 30 -> 25, up to 60 -> 50, longer -> 100.
 */
export function rescheduleLessonMinutes(durationMinutes: number): LessonMinutes {
  if (durationMinutes <= 30) return 25;
  return durationMinutes <= 60 ? 50 : 100;
}
