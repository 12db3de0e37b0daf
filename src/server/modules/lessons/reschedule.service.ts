import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type {
  Lesson,
  rescheduleLessonSchema,
  rescheduleSlotsQuerySchema,
  SlotsResponse,
} from '../../../contracts/booking.contract';
import { canReschedule, statusAt } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { AppError } from '../../errors';
import * as repository from './lessons.repository';
import {
  nowOf,
  offeredSlot,
  partyLesson,
  pgCode,
  slotsOf,
  toLesson,
  type LessonsContext,
} from './lessons.service';

// Rescheduling (spec 3 §4): either party moves a pending or scheduled lesson to another offered
// slot of the same length. The old lesson is canceled and a new one replaces it, atomically.

/** The lesson and its tutor, if the user is one of its two parties (else not found). */
async function ownLesson(ctx: LessonsContext, user: SessionUser, id: string) {
  const row = await partyLesson(ctx, user, id);
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
    tutor,
    { studentId: row.student_id, exceptLessonId: row.id },
    { ...query, lessonMinutes: row.duration_minutes },
  );
}

/** Moves a lesson: cancels it and books its replacement in one transaction. */
export async function rescheduleLesson(
  ctx: LessonsContext,
  user: SessionUser,
  lessonId: string,
  input: z.output<typeof rescheduleLessonSchema>,
): Promise<Lesson> {
  const { tutor } = await ownLesson(ctx, user, lessonId);
  try {
    const newId = await ctx.db.transaction().execute(async (trx) => {
      // Locked: a second move of the same lesson waits here, then finds it canceled.
      const lesson = (await repository.lockLesson(trx, lessonId))!;
      const status = statusAt(lesson.status, lesson.starts_at, lesson.ends_at, nowOf(ctx));
      if (!canReschedule(status)) throw new AppError('CONFLICT', M.cannotReschedule);
      const slot = await offeredSlot(ctx, trx, {
        tutor,
        studentId: lesson.student_id,
        lessonMinutes: lesson.duration_minutes,
        choice: input,
        exceptLessonId: lesson.id,
      });
      await repository.cancelLesson(trx, lesson.id, user.id, input.reason);
      return repository.insertLesson(trx, {
        tutorProfileId: lesson.tutor_profile_id,
        studentId: lesson.student_id,
        subjectId: lesson.subject_id,
        ...slot,
        durationMinutes: lesson.duration_minutes,
        isTrial: lesson.is_trial,
        status: lesson.status === 'pending' ? 'pending' : 'scheduled',
        priceCents: lesson.price_cents,
        currency: lesson.currency,
        // Still shown in the zone the student booked in.
        timezone: lesson.timezone,
        studentNotes: lesson.student_notes,
        rescheduledFrom: lesson.id,
      });
    });
    return toLesson(ctx, (await repository.findLesson(ctx.db, newId))!, user.id);
  } catch (error) {
    // Someone took the new time between the check and the insert.
    if (pgCode(error) === '23P01') throw new AppError('CONFLICT', M.slotUnavailable);
    throw error;
  }
}
