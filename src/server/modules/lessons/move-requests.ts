import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { Lesson, rescheduleLessonSchema } from '../../../contracts/booking.contract';
import { canReschedule, statusAt } from '../../../domain/booking/booking-rules';
import type { Party } from '../../../domain/booking/cancellation-policy';
import {
  mayAnswerMove,
  mayWithdrawMove,
  moveRequestState,
  type MoveAnswer,
} from '../../../domain/booking/move-requests';
import { BOOKING_MESSAGES as M, MOVE_REQUEST_MESSAGES as R } from '../../../domain/messages';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import type { NoticeContext } from './lesson-booked-notice';
import type { LessonEvent } from './lesson-events';
import { placeLesson } from './lesson-lifecycle';
import { dropLessonReminders, scheduleLessonReminders } from './lesson-reminders';
import { viewOfStored } from './lesson-view';
import * as repository from './lessons.repository';
import { noteMoveRequest } from './move-request-notice';
import type { MoveRequestEvent } from '../../adapters/mail/move-request-emails';
import * as requests from './move-requests.repository';
import { ownLesson } from './reschedule-lesson';
import { offeredSlot } from './slot-rules';

// A tutor's move is a request its student answers (issue #29, ADR 032; the rules are the
// domain's move-requests). The tutor proposes a time checked as a move is and may withdraw it;
// the student accepts (the lesson moves through the lifecycle, the time checked again) or
// declines (it stays). Each step tells the other party under the bell and by email.

type Locked = NonNullable<Awaited<ReturnType<typeof repository.lockLesson>>>;

const partyOf = (row: { student_id: string }, user: SessionUser): Party =>
  row.student_id === user.id ? 'student' : 'tutor';

/** The lesson still ahead (pending or scheduled, not started), else CANNOT_RESCHEDULE. */
function stillAhead(lesson: Locked, now: Date) {
  const status = statusAt(lesson.status, lesson.starts_at, lesson.ends_at, now);
  if (!canReschedule(status)) throw new AppError('CANNOT_RESCHEDULE', M.cannotReschedule);
}

/** Each step as lessons announce it, and its email. */
const EVENT_OF = {
  move_requested: 'requested',
  move_accepted: 'accepted',
  move_declined: 'declined',
  move_withdrawn: 'withdrawn',
} as const satisfies Partial<Record<LessonEvent['type'], MoveRequestEvent>>;

/** Tells the other party of the step: under the bell now, by email through its job. */
async function tell(
  ctx: NoticeContext,
  trx: Transaction<DB>,
  step: { kind: keyof typeof EVENT_OF; lessonId: string; requestId: string; actorId: string },
  now: Date,
) {
  const { kind, lessonId, actorId } = step;
  await ctx.lessonEvents.announce(trx, { type: kind, lessonId, actorId, at: now });
  await noteMoveRequest(ctx.jobs, trx, { requestId: step.requestId, event: EVENT_OF[kind] });
}

/** The lesson's tutor proposes a new time; the lesson keeps its own until the student accepts. */
export async function proposeMove(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
  input: z.output<typeof rescheduleLessonSchema>,
): Promise<Lesson> {
  const { row, tutor } = await ownLesson(ctx, user, lessonId);
  if (partyOf(row, user) !== 'tutor') throw new AppError('FORBIDDEN', R.tutorsOnlyAsk);
  await ctx.db.transaction().execute(async (trx) => {
    const lesson = (await repository.lockLesson(trx, lessonId))!;
    const now = ctx.clock.now();
    stillAhead(lesson, now);
    if (await requests.lockOpenRequest(trx, lessonId))
      throw new AppError('MOVE_REQUEST_OPEN', R.alreadyOpen);
    const slot = await offeredSlot(ctx, trx, {
      tutor,
      studentId: lesson.student_id,
      lessonMinutes: lesson.duration_minutes,
      choice: input,
      exceptLessonId: lesson.id,
    });
    const requestId = await requests.insertRequest(trx, {
      lessonId,
      proposedBy: user.id,
      ...slot,
      choice: input,
      reason: input.reason,
      now,
    });
    await tell(ctx, trx, { kind: 'move_requested', lessonId, requestId, actorId: user.id }, now);
  });
  return viewOfStored(ctx, lessonId, user.id);
}

/**
 * Locks the lesson and its waiting request and checks that this party may take the step: the
 * wrong party is FORBIDDEN, a request no longer waiting (or none) is MOVE_REQUEST_CLOSED.
 */
async function openRequestFor(
  trx: Transaction<DB>,
  user: SessionUser,
  lessonId: string,
  now: Date,
  may: (party: Party, state: ReturnType<typeof moveRequestState>) => boolean,
  allowedParty: Party,
) {
  const lesson = (await repository.lockLesson(trx, lessonId))!;
  if (partyOf(lesson, user) !== allowedParty)
    throw new AppError(
      'FORBIDDEN',
      allowedParty === 'student' ? R.studentsOnlyAnswer : R.tutorsOnlyAsk,
    );
  const request = await requests.lockOpenRequest(trx, lessonId);
  const live = lesson.status === 'pending' || lesson.status === 'scheduled';
  if (!request || !live || !may(allowedParty, moveRequestState(request, lesson.starts_at, now)))
    throw new AppError('MOVE_REQUEST_CLOSED', R.notOpen);
  return { lesson, request };
}

/** The student accepts: the lesson moves to the proposed time, checked again as a move is. */
export async function acceptMove(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
): Promise<Lesson> {
  const { tutor } = await ownLesson(ctx, user, lessonId);
  const newId = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const { lesson, request } = await openRequestFor(
      trx,
      user,
      lessonId,
      now,
      mayAnswerMove,
      'student',
    );
    stillAhead(lesson, now);
    const { id, startsAt } = await placeLesson(trx, ctx, {
      way: 'move',
      tutor,
      lesson,
      choice: {
        bookingDate: request.booking_date,
        slotLabel: request.slot_label,
        viewerZone: request.viewer_zone,
      },
      // The tutor's move, made when the student said yes.
      movedBy: request.proposed_by,
      reason: request.reason,
    });
    await requests.answerRequest(trx, request.id, { answer: 'accepted', now, movedTo: id });
    await dropLessonReminders(ctx.jobs, trx, lesson.id);
    await scheduleLessonReminders(ctx.jobs, trx, { id, startsAt }, now);
    await tell(
      ctx,
      trx,
      {
        kind: 'move_accepted',
        lessonId: id,
        requestId: request.id,
        actorId: user.id,
      },
      now,
    );
    return id;
  });
  return viewOfStored(ctx, newId, user.id);
}

/** Closes the waiting request with a decline (the student) or a withdrawal (the tutor). */
async function close(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
  answer: Extract<MoveAnswer, 'declined' | 'withdrawn'>,
): Promise<Lesson> {
  await ownLesson(ctx, user, lessonId);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const { request } =
      answer === 'declined'
        ? await openRequestFor(trx, user, lessonId, now, mayAnswerMove, 'student')
        : await openRequestFor(trx, user, lessonId, now, mayWithdrawMove, 'tutor');
    await requests.answerRequest(trx, request.id, { answer, now });
    await tell(
      ctx,
      trx,
      {
        kind: answer === 'declined' ? 'move_declined' : 'move_withdrawn',
        lessonId,
        requestId: request.id,
        actorId: user.id,
      },
      now,
    );
  });
  return viewOfStored(ctx, lessonId, user.id);
}

export const declineMove = (ctx: NoticeContext, user: SessionUser, lessonId: string) =>
  close(ctx, user, lessonId, 'declined');

export const withdrawMove = (ctx: NoticeContext, user: SessionUser, lessonId: string) =>
  close(ctx, user, lessonId, 'withdrawn');
