// Lesson reminders: an email 24 hours and 1 hour before each lesson, to the student and the
// tutor (ours, as tutor-space and Preply do). One rule for when each is due and still right.

export const LESSON_REMINDERS = {
  day: { minutesBefore: 24 * 60, words: '24 hours' },
  hour: { minutesBefore: 60, words: '1 hour' },
} as const;
export type ReminderKind = keyof typeof LESSON_REMINDERS;
export const REMINDER_KINDS = Object.keys(LESSON_REMINDERS) as ReminderKind[];

/**
 * The job queue decides by the database's clock, the app by its own: a reminder a little early
 * by the app's clock (two hosts' clocks a little apart) is still sent; one earlier than this is
 * not its time (only a test's fixed clock is that far off).
 */
export const REMINDER_EARLY_LEEWAY_MINUTES = 1;

const MS_PER_MINUTE = 60_000;

export const reminderDueAt = (kind: ReminderKind, startsAt: Date) =>
  new Date(startsAt.getTime() - LESSON_REMINDERS[kind].minutesBefore * MS_PER_MINUTE);

/** Whether a reminder is worth scheduling when a lesson is booked at `now`: its moment is ahead. */
export const reminderStillAhead = (kind: ReminderKind, startsAt: Date, now: Date) =>
  reminderDueAt(kind, startsAt) > now;

/**
 * Whether a reminder is right to send at `now`: its moment has come (within the leeway) and the
 * lesson has not started. A 24-hour reminder held up until the 1-hour one is due is not sent:
 * the 1-hour one says it better.
 */
export function reminderIsTimely(kind: ReminderKind, startsAt: Date, now: Date): boolean {
  const due = reminderDueAt(kind, startsAt).getTime();
  if (now.getTime() < due - REMINDER_EARLY_LEEWAY_MINUTES * MS_PER_MINUTE) return false;
  const later = REMINDER_KINDS.filter(
    (other) => LESSON_REMINDERS[other].minutesBefore < LESSON_REMINDERS[kind].minutesBefore,
  ).map((other) => reminderDueAt(other, startsAt).getTime());
  const until = Math.min(startsAt.getTime(), ...later);
  return now.getTime() < until;
}
