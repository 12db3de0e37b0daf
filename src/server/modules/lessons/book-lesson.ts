import type { z } from 'zod';
import type { Lesson } from '../../../contracts/booking.contract';
import { TRIAL_PRICE_CENTS } from '../../../domain/booking/booking-rules';
import type { bookLessonSchema } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { AppError } from '../../errors';
import { TrialAlreadyUsedError } from './lesson-errors';
import { viewOfStored } from './lesson-view';
import { noteLessonBooked, type NoticeContext } from './lesson-booked-notice';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';
import { plainTextToNotesHtml } from './notes-html';
import { bookableTutor, offeredSlot } from './slot-rules';

// Booking a free trial: the student picks a slot the tutor offers and a subject the tutor
// teaches. The checks run in the transaction; the database's constraints have the last word
// (lessons.repository turns a refusal into the same 409 the checks give).

/** Whether the student may still book a trial with this tutor: one trial per tutor. */
export async function trialEligibility(
  ctx: LessonsContext,
  tutorProfileId: string,
  studentId: string,
) {
  const tutor = await bookableTutor(ctx, tutorProfileId);
  return { eligible: !(await repository.hasHadTrial(ctx.db, studentId, tutor.id)) };
}

/**
 * Books a lesson for a student: the slot must be one offered right now (checked against the
 * same rules that listed it), the subject one the tutor teaches, a trial the student's first
 * with this tutor. Two students racing for one slot get one lesson and one clear 409.
 */
export async function bookLesson(
  ctx: NoticeContext,
  studentId: string,
  input: z.output<typeof bookLessonSchema>,
): Promise<Lesson> {
  const tutor = await bookableTutor(ctx, input.tutorProfileId);
  if (!(await repository.teaches(ctx.db, tutor.id, input.subjectId)))
    throw new AppError('VALIDATION_FAILED', M.notATutorSubject, { subjectId: M.notATutorSubject });
  const lessonId = await ctx.db.transaction().execute(async (trx) => {
    if (await repository.hasHadTrial(trx, studentId, tutor.id)) throw new TrialAlreadyUsedError();
    const slot = await offeredSlot(ctx, trx, {
      tutor,
      studentId,
      lessonMinutes: input.lessonMinutes,
      choice: input,
    });
    const id = await repository.insertLesson(trx, {
      tutorProfileId: tutor.id,
      studentId,
      subjectId: input.subjectId,
      ...slot,
      durationMinutes: input.lessonMinutes,
      isTrial: true,
      // Free, so nothing to wait for: the trial is confirmed at once.
      status: 'scheduled',
      priceCents: TRIAL_PRICE_CENTS,
      currency: tutor.currency,
      timezone: input.viewerZone,
      studentNotes: plainTextToNotesHtml(input.notes),
    });
    await noteLessonBooked(ctx.jobs, trx, id, ctx.clock.now());
    return id;
  });
  return viewOfStored(ctx, lessonId, studentId);
}
