import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { Lesson, SlotsResponse } from '../../../contracts/booking.contract';
import { canReschedule, statusAt } from '../../../domain/booking/booking-rules';
import type {
  rescheduleLessonSchema,
  rescheduleSlotsQuerySchema,
} from '../../../contracts/booking.contract';
import { movesAtOnce } from '../../../domain/booking/move-requests';
import { BOOKING_MESSAGES as M, MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import { AppError } from '../../errors';
import type { NoticeContext } from './lesson-booked-notice';
import {
  dropLessonReminders,
  noteLessonRescheduled,
  scheduleLessonReminders,
} from './lesson-reminders';
import { lessonOfParty, viewOfStored } from './lesson-view';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';
import { placeLesson } from './lesson-lifecycle';
import { slotsOf } from './slot-rules';

// Rescheduling: the student moves a pending or scheduled lesson to another offered slot of the
// same length (the tutor proposes one instead: move-requests.ts). The old lesson is canceled and a new one replaces it, in one transaction: in the
// same video room (people keep the link they have), its reminders moved to the new time, and
// the other party told.

/** The lesson and its tutor, if the user is one of its two parties (else not found). */
export async function ownLesson(ctx: LessonsContext, user: SessionUser, id: string) {
  const row = await lessonOfParty(ctx, user, id);
  const tutor = await repository.bookableTutor(ctx.db, row.tutor_profile_id);
  if (!tutor) throw new AppError('NOT_FOUND', M.lessonNotFound);
  return { row, tutor };
}

/** Where a lesson could move: the tutor's free slots of its length, both parties' time held. */
export async function rescheduleSlots(
  ctx: LessonsContext,
  user: SessionUser,
  lessonId: string,
  query: z.output<typeof rescheduleSlotsQuerySchema>,
): Promise<SlotsResponse> {
  const { row, tutor } = await ownLesson(ctx, user, lessonId);
  return slotsOf(
    ctx,
    tutor.id,
    { studentId: row.student_id, exceptLessonId: row.id },
    { ...query, lessonMinutes: row.duration_minutes },
  );
}

/** Moves a lesson: cancels it and books its replacement in one transaction. */
export async function rescheduleLesson(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
  input: z.output<typeof rescheduleLessonSchema>,
): Promise<Lesson> {
  const { row, tutor } = await ownLesson(ctx, user, lessonId);
  // A tutor asks instead (move-requests.ts): the student accepts or declines.
  if (!movesAtOnce(row.student_id === user.id ? 'student' : 'tutor'))
    throw new AppError('FORBIDDEN', R.tutorMustAsk);
  const newId = await ctx.db.transaction().execute(async (trx) => {
    // Locked: a second move of the same lesson waits here, then finds it canceled.
    const lesson = (await repository.lockLesson(trx, lessonId))!;
    const now = ctx.clock.now();
    const status = statusAt(lesson.status, lesson.starts_at, lesson.ends_at, now);
    if (!canReschedule(status)) throw new AppError('CANNOT_RESCHEDULE', M.cannotReschedule);
    const { id, startsAt } = await placeLesson(trx, ctx, {
      way: 'move',
      tutor,
      lesson,
      choice: input,
      movedBy: user.id,
      reason: input.reason,
    });
    await dropLessonReminders(ctx.jobs, trx, lesson.id);
    await scheduleLessonReminders(ctx.jobs, trx, { id, startsAt }, now);
    await noteLessonRescheduled(ctx.jobs, trx, { lessonId: id, movedBy: user.id });
    await ctx.lessonEvents.announce(trx, {
      type: 'rescheduled',
      lessonId: id,
      actorId: user.id,
      at: now,
    });
    return id;
  });
  return viewOfStored(ctx, newId, user.id);
}
