// The classroom: each booked lesson's video room, and when its Join Lesson button shows.
// One rule for the server (emails, views) and the web (the lesson dialog, the lists).

/** Join Lesson shows from this many minutes before the start (ours: Preply and italki do ~10). */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

const MS_PER_MINUTE = 60_000;

/** The room's placeholder in MEETING_URL_TEMPLATE. */
export const MEETING_ROOM_PLACEHOLDER = '{room}';

/** An example external room (Jitsi Meet), for MEETING_URL_TEMPLATE's documentation and tests. */
export const JITSI_MEETING_URL_TEMPLATE = `https://meet.jit.si/${MEETING_ROOM_PLACEHOLDER}`;

/** The classroom stays open this long after the end (a lesson that overran, last words). */
export const JOIN_CLOSES_MINUTES_AFTER = 15;

/** The built-in classroom's page (issue #26): where Join Lesson goes unless an external room is set. */
export const classroomPath = (lessonId: string) => `/lessons/${lessonId}/classroom`;

/**
 * Where a lesson is held: its external room when MEETING_URL_TEMPLATE gave it one, else the
 * built-in classroom at `publicUrl` (absolute, for emails and calendars).
 */
export function lessonRoomUrl(
  lesson: { id: string; meetingUrl: string | null },
  publicUrl: string,
): string {
  return lesson.meetingUrl ?? new URL(classroomPath(lesson.id), publicUrl).toString();
}

/**
 * Statuses whose lesson takes (or just took) place: the others (canceled, no-show, holds) have
 * no classroom. A lesson completed at its end keeps its room for the minutes after.
 */
const JOINABLE_STATUSES = new Set(['pending', 'scheduled', 'in_progress', 'completed']);

/** When the classroom opens and closes: from 10 minutes before the start until 15 after the end. */
export function joinWindow(startTime: string | Date, endTime: string | Date) {
  const start = new Date(startTime).getTime();
  return {
    opensAt: new Date(start - JOIN_OPENS_MINUTES_BEFORE * MS_PER_MINUTE),
    closesAt: new Date(new Date(endTime).getTime() + JOIN_CLOSES_MINUTES_AFTER * MS_PER_MINUTE),
  };
}

/** Whether a lesson's status lets its parties into the classroom at all (inside the window). */
export const isJoinableStatus = (status: string) => JOINABLE_STATUSES.has(status);

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
