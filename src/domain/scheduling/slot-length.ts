// Lesson lengths the product sells and the slot each one takes: a 25-minute lesson holds 30
// minutes of the tutor's time, 50 holds 60 and 100 holds 120, the rest being a break. The
// break is the tutor's, not the lesson's (ADR 026): a lesson ends at its own length everywhere a
// person looks; the database's lesson_slot_end() keeps the same slots for the tutor's overlaps.

export const LESSON_MINUTES = [25, 50, 100] as const;
export type LessonMinutes = (typeof LESSON_MINUTES)[number];
export const DEFAULT_LESSON_MINUTES: LessonMinutes = 50;

const SLOT_MINUTES = new Map<number, number>([
  [25, 30],
  [50, 60],
  [100, 120],
]);
const DEFAULT_SLOT_MINUTES = 60;

/** Lesson length -> slot length: 25 -> 30, 50 -> 60, 100 -> 120, anything else -> 60. */
export function slotLengthMinutes(lessonMinutes: number): number {
  return SLOT_MINUTES.get(lessonMinutes) ?? DEFAULT_SLOT_MINUTES;
}
