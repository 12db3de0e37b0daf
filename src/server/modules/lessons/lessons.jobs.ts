import { z } from 'zod';
import { REMINDER_KINDS, type ReminderKind } from '../../../domain/booking/reminders';
import { defineJob } from '../../adapters/jobs/define-job';

// The lessons module's background jobs (pg-boss queues on the app's database, ADR 014).

const lessonId = z.string();
const role = z.enum(['student', 'tutor']);

export const LESSON_JOBS = {
  /** A booking's confirmation to both parties (any lesson newly booked). */
  booked: defineJob('lessons.booked', z.object({ lessonId })),
  /** One reminder email, 24 h or 1 h before, to one party. */
  reminder: defineJob(
    'lessons.reminder',
    z.object({
      lessonId,
      kind: z.enum(REMINDER_KINDS as [ReminderKind, ...ReminderKind[]]),
      recipient: role,
      /** The start it was scheduled for (ISO): a lesson at another time by now is not reminded. */
      startsAt: z.string(),
    }),
  ),
  /** The notice of a move, to the party who did not make it. */
  rescheduled: defineJob('lessons.rescheduled', z.object({ lessonId, movedBy: z.string() })),
  /** The other party's email when a lesson is canceled or a no-show reported (and a student's own cancel's). */
  canceled: defineJob(
    'lessons.canceled',
    z.object({ kind: z.enum(['canceled', 'no_show']), lessonId }),
  ),
  /** The email of a move request's step (ADR 032), to the party who did not take it. */
  moveRequest: defineJob(
    'lessons.move-request',
    z.object({
      requestId: z.string(),
      event: z.enum(['requested', 'accepted', 'declined', 'withdrawn']),
    }),
  ),
  /** The periodic sweep that completes ended lessons (one run per 5-minute slot). */
  completeEnded: defineJob('lessons.complete-ended', z.object({ slot: z.number().int() })),
};
