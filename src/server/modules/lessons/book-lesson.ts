import type { z } from 'zod';
import type { Lesson, TrialEligibility } from '../../../contracts/booking.contract';
import type { bookLessonSchema } from '../../../contracts/booking.contract';
import { transactionRetriedOnce } from '../../db/retry-on-conflict';
import { viewOfStored } from './lesson-view';
import { noteLessonBooked, type NoticeContext } from './lesson-booked-notice';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';
import { placeLesson } from './lesson-lifecycle';
import { bookableTutor, tutorTeaching } from './slot-rules';

// Booking a free trial: the student picks a slot the tutor offers and a subject the tutor
// teaches. The checks run in the transaction; the database's constraints have the last word
// (lessons.repository turns a refusal into the same 409 the checks give).

/**
 * Whether the student may still book a trial with this tutor (one trial per tutor), and the
 * trial's time while it is booked and not yet over.
 */
export async function trialEligibility(
  ctx: LessonsContext,
  tutorProfileId: string,
  studentId: string,
): Promise<TrialEligibility> {
  const tutor = await bookableTutor(ctx, tutorProfileId);
  const [used, upcoming] = await Promise.all([
    repository.hasHadTrial(ctx.db, studentId, tutor.id),
    repository.upcomingTrial(ctx.db, studentId, tutor.id, ctx.clock.now()),
  ]);
  return {
    eligible: !used,
    upcomingTrial: upcoming
      ? { startTime: upcoming.starts_at.toISOString(), endTime: upcoming.ends_at.toISOString() }
      : null,
  };
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
  const tutor = await tutorTeaching(ctx, input.tutorProfileId, input.subjectId);
  // Racing students can deadlock on the slot's exclusion checks: run again once (then a 409).
  const lessonId = await transactionRetriedOnce(ctx.db, async (trx) => {
    // Free, so nothing to wait for: the trial is confirmed at once.
    const lesson = await placeLesson(trx, ctx, {
      way: 'trial',
      tutor,
      studentId,
      subjectId: input.subjectId,
      lessonMinutes: input.lessonMinutes,
      choice: input,
      notes: input.notes,
    });
    await noteLessonBooked(ctx, trx, lesson, ctx.clock.now());
    return lesson.id;
  });
  return viewOfStored(ctx, lessonId, studentId);
}
