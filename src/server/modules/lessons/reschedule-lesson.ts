import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { Lesson, SlotsResponse } from '../../../contracts/booking.contract';
import { canReschedule, statusAt } from '../../../domain/booking/booking-rules';
import type {
  rescheduleLessonSchema,
  rescheduleSlotsQuerySchema,
} from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { AppError } from '../../errors';
import type { NoticeContext } from './lesson-booked-notice';
import {
  dropLessonReminders,
  noteLessonRescheduled,
  scheduleLessonReminders,
} from './lesson-reminders';
import { notifyOtherParty } from '../notifications/notify';
import { lessonOfParty, viewOfStored } from './lesson-view';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';
import { offeredSlot, slotsOf } from './slot-rules';
import { isLateMove } from '../../../domain/booking/cancellation-policy';

// Rescheduling: either party moves a pending or scheduled lesson to another offered slot of the
// same length. The old lesson is canceled and a new one replaces it, in one transaction: in the
// same video room (people keep the link they have), its reminders moved to the new time, and
// the other party told.

/** The lesson and its tutor, if the user is one of its two parties (else not found). */
async function ownLesson(ctx: LessonsContext, user: SessionUser, id: string) {
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
    tutor,
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
  const { tutor } = await ownLesson(ctx, user, lessonId);
  const newId = await ctx.db.transaction().execute(async (trx) => {
    // Locked: a second move of the same lesson waits here, then finds it canceled.
    const lesson = (await repository.lockLesson(trx, lessonId))!;
    const now = ctx.clock.now();
    const status = statusAt(lesson.status, lesson.starts_at, lesson.ends_at, now);
    if (!canReschedule(status)) throw new AppError('CONFLICT', M.cannotReschedule);
    const slot = await offeredSlot(ctx, trx, {
      tutor,
      studentId: lesson.student_id,
      lessonMinutes: lesson.duration_minutes,
      choice: input,
      exceptLessonId: lesson.id,
    });
    await repository.cancelLesson(trx, lesson.id, user.id, input.reason);
    await dropLessonReminders(ctx.jobs, trx, lesson.id);
    const id = await repository.insertLesson(trx, {
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
      movedLate: isLateMove(
        { startsAt: lesson.starts_at, movedLate: lesson.moved_late },
        user.id === lesson.student_id ? 'student' : 'tutor',
        now,
      ),
      // The move keeps what paid for the lesson: its payment, or its package credit.
      paymentId: lesson.payment_id ?? undefined,
      studentPackageId: lesson.student_package_id ?? undefined,
      meetingUrl: lesson.meeting_url,
      meetingUrlTemplate: ctx.env.MEETING_URL_TEMPLATE,
    });
    await scheduleLessonReminders(ctx.jobs, trx, { id, startsAt: slot.startsAt }, now);
    await noteLessonRescheduled(ctx.jobs, trx, { lessonId: id, movedBy: user.id });
    await notifyOtherParty(trx, {
      kind: 'lesson_rescheduled',
      lessonId: id,
      actorId: user.id,
      at: now,
    });
    return id;
  });
  return viewOfStored(ctx, newId, user.id);
}
