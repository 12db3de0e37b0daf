// The classroom: each booked lesson's video room, and when its Join Lesson button shows.
// One rule for the server (emails, views) and the web (the lesson dialog, the lists).

/** Join Lesson shows from this many minutes before the start (ours: Preply and italki do ~10). */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

const MS_PER_MINUTE = 60_000;

/** The room's placeholder in MEETING_URL_TEMPLATE. */
export const MEETING_ROOM_PLACEHOLDER = '{room}';

/** The default classroom: a Jitsi Meet room, free and without accounts. */
export const DEFAULT_MEETING_URL_TEMPLATE = `https://meet.jit.si/${MEETING_ROOM_PLACEHOLDER}`;

/** Statuses whose lesson still takes place: the others (canceled, no-show, holds) have no classroom. */
const JOINABLE_STATUSES = new Set(['pending', 'scheduled', 'in_progress']);

/** When Join Lesson appears and when it goes: from 10 minutes before the start until the end. */
export function joinWindow(startTime: string | Date, endTime: string | Date) {
  const start = new Date(startTime).getTime();
  return {
    opensAt: new Date(start - JOIN_OPENS_MINUTES_BEFORE * MS_PER_MINUTE),
    closesAt: new Date(endTime),
  };
}

/** Whether a lesson's room can be joined at `now`: inside its join window and still on. */
export function canJoinLesson(
  lesson: { status: string; startTime: string | Date; endTime: string | Date },
  now: Date,
): boolean {
  if (!JOINABLE_STATUSES.has(lesson.status)) return false;
  const { opensAt, closesAt } = joinWindow(lesson.startTime, lesson.endTime);
  return now >= opensAt && now < closesAt;
}

/**
 * The next instant at which `canJoinLesson` changes its answer after `now` (the window opens
 * or closes), or undefined when it never will: a screen re-renders then.
 */
export function nextJoinChange(
  lesson: { startTime: string | Date; endTime: string | Date },
  now: Date,
): Date | undefined {
  const { opensAt, closesAt } = joinWindow(lesson.startTime, lesson.endTime);
  if (now < opensAt) return opensAt;
  if (now < closesAt) return closesAt;
  return undefined;
}
