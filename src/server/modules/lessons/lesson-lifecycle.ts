import type { Kysely, Transaction } from 'kysely';
import { TRIAL_PRICE_CENTS } from '../../../domain/booking/booking-rules';
import { isLateMove } from '../../../domain/booking/cancellation-policy';
import {
  AHEAD_STATUSES,
  COMPLETABLE_STATUSES,
  HELD_STATUSES,
  statusesLeadingTo,
  type CancelCause,
} from '../../../domain/booking/lesson-transitions';
import type { DB } from '../../db/types';
import { noteLessonBooked, type NoticeContext } from './lesson-booked-notice';
import { TrialAlreadyUsedError } from './lesson-errors';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';
import { plainTextToNotesHtml } from './notes-html';
import { offeredSlot } from './slot-rules';

// The only writer of lesson rows (issue 24, ADR 024). A lesson comes to be through
// `placeLesson`, whatever made it (a free trial, a checkout's hold, a package credit, a move),
// and changes status only through the transitions below, along the domain's table
// (src/domain/booking/lesson-transitions.ts) that migration 023 enforces in the database. Each
// takes the caller's transaction first, so whatever else the change sets off (a payment, a
// refund job, a ledger entry) commits or rolls back with it.

type Db = Kysely<DB> | Transaction<DB>;

/** What placing a lesson needs of the app: the clock (via the slot rules) and the room template. */
export type PlaceContext = LessonsContext & { env: { MEETING_URL_TEMPLATE?: string } };

/** The tutor as booking reads them (lessons.repository's `bookableTutor`). */
type Tutor = { id: string; timezone: string; currency: string };

/** The slot the student picked, checked against what the tutor offers right now. */
type Choice = { bookingDate: string; slotLabel: string; viewerZone: string };

interface NewLesson {
  tutor: Tutor;
  studentId: string;
  subjectId: number;
  lessonMinutes: number;
  choice: Choice;
  /** The student's notes as typed (plain text). */
  notes: string;
}

/** Every way a lesson comes to be. */
export type Placement =
  /** A free trial, confirmed at once: the student's first with this tutor. */
  | (NewLesson & { way: 'trial' })
  /** A checkout's hold: awaiting payment until `holdExpiresAt` (confirmHeld / releaseHeld). */
  | (NewLesson & {
      way: 'hold';
      paymentId: string;
      holdExpiresAt: Date;
      priceCents: number;
      studentPackageId?: string;
    })
  /** A package's credit: paid already, confirmed at once. */
  | (NewLesson & {
      way: 'credit';
      paymentId: string;
      studentPackageId: string;
      priceCents: number;
      currency: string;
    })
  /**
   * A move: the lesson (locked by the caller, its status checked) is canceled and this one
   * replaces it, paid the same way, in the same video room.
   */
  | {
      way: 'move';
      tutor: Tutor;
      lesson: NonNullable<Awaited<ReturnType<typeof repository.lockLesson>>>;
      choice: Choice;
      movedBy: string;
      reason: string;
    };

/**
 * Places a lesson: the slot must be one the tutor offers right now (the same rules that listed
 * it), then the row is written; the database's constraints have the last word on a race
 * (overlap, a second trial) and their refusal comes back as the typed error.
 */
export async function placeLesson(
  trx: Transaction<DB>,
  ctx: PlaceContext,
  placement: Placement,
): Promise<{ id: string; startsAt: Date; endsAt: Date }> {
  const now = ctx.clock.now();
  if (placement.way === 'move') return moveLesson(trx, ctx, placement, now);
  if (
    placement.way === 'trial' &&
    (await repository.hasHadTrial(trx, placement.studentId, placement.tutor.id))
  )
    throw new TrialAlreadyUsedError();
  const slot = await offeredSlot(ctx, trx, {
    tutor: placement.tutor,
    studentId: placement.studentId,
    lessonMinutes: placement.lessonMinutes,
    choice: placement.choice,
  });
  const common = {
    tutorProfileId: placement.tutor.id,
    studentId: placement.studentId,
    subjectId: placement.subjectId,
    ...slot,
    durationMinutes: placement.lessonMinutes,
    timezone: placement.choice.viewerZone,
    studentNotes: plainTextToNotesHtml(placement.notes),
    meetingUrlTemplate: ctx.env.MEETING_URL_TEMPLATE,
  };
  const id = await repository.insertLesson(trx, {
    ...common,
    ...(placement.way === 'trial'
      ? {
          isTrial: true,
          status: 'scheduled',
          priceCents: TRIAL_PRICE_CENTS,
          currency: placement.tutor.currency,
        }
      : placement.way === 'hold'
        ? {
            isTrial: false,
            status: 'awaiting_payment',
            holdExpiresAt: placement.holdExpiresAt,
            paymentId: placement.paymentId,
            studentPackageId: placement.studentPackageId,
            priceCents: placement.priceCents,
            currency: placement.tutor.currency,
          }
        : {
            isTrial: false,
            status: 'scheduled',
            paymentId: placement.paymentId,
            studentPackageId: placement.studentPackageId,
            priceCents: placement.priceCents,
            currency: placement.currency,
          }),
  });
  return { id, ...slot };
}

async function moveLesson(
  trx: Transaction<DB>,
  ctx: PlaceContext,
  move: Extract<Placement, { way: 'move' }>,
  now: Date,
) {
  const { lesson } = move;
  const slot = await offeredSlot(ctx, trx, {
    tutor: move.tutor,
    studentId: lesson.student_id,
    lessonMinutes: lesson.duration_minutes,
    choice: move.choice,
    exceptLessonId: lesson.id,
  });
  // Canceled first, so that its time no longer counts under the exclusion constraints.
  await cancelLessons(trx, [lesson.id], {
    by: move.movedBy,
    reason: move.reason,
    cause: 'moved',
    now,
  });
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
      move.movedBy === lesson.student_id ? 'student' : 'tutor',
      now,
    ),
    // The move keeps what paid for the lesson: its payment, or its package credit.
    paymentId: lesson.payment_id ?? undefined,
    studentPackageId: lesson.student_package_id ?? undefined,
    meetingUrl: lesson.meeting_url,
    meetingUrlTemplate: ctx.env.MEETING_URL_TEMPLATE,
  });
  return { id, ...slot };
}

/** The lesson a purchase booked: its first (a move's replacement keeps the payment too). */
export const purchaseLesson = (db: Db, paymentId: string) =>
  repository.purchaseLessonOf(db, paymentId);

/**
 * The money for a purchase arrived: its held lesson holds its time for good and both parties
 * are told (the booking emails, its reminders, the tutor's bell). Answers the lesson's id, or
 * undefined when there is nothing to book: no lesson, one that already started, or one whose
 * time someone else booked after the hold lapsed (the exclusion constraints refused it) — that
 * one lets go of its time, and the caller gives the money back.
 */
export async function bookPurchase(
  trx: Transaction<DB>,
  ctx: Pick<NoticeContext, 'jobs' | 'lessonEvents'>,
  paymentId: string,
  now: Date,
) {
  const change = { to: 'scheduled', from: statusesLeadingTo('scheduled'), now } as const;
  const lesson =
    (await repository.confirmHeldPurchase(trx, paymentId, change)) ??
    (await confirmPurchaseOtherwise(trx, paymentId, now));
  if (!lesson) return undefined;
  await noteLessonBooked(ctx, trx, { id: lesson.id, startsAt: lesson.starts_at }, now);
  return lesson.id;
}

/**
 * A purchase whose lesson was not held as usual: none, one that already started (it lets go of
 * its time), or one whose hold expired (revived, unless someone else booked the time).
 */
async function confirmPurchaseOtherwise(trx: Transaction<DB>, paymentId: string, now: Date) {
  const lesson = await repository.purchaseLessonOf(trx, paymentId);
  if (!lesson) return undefined;
  const booked = lesson.starts_at > now && (await confirmHeld(trx, lesson.id, 'scheduled', now));
  if (booked) return lesson;
  await releaseHeld(trx, lesson.id, 'expired', now);
  return undefined;
}

/** Paid by a method that settles later: the held lesson keeps its time, as pending. */
export async function awaitPurchaseSettlement(trx: Transaction<DB>, paymentId: string, now: Date) {
  const lesson = await repository.purchaseLessonOf(trx, paymentId);
  if (lesson?.status === 'awaiting_payment') await confirmHeld(trx, lesson.id, 'pending', now);
}

/** No money came for a purchase: its held lesson lets go of its time (hold lapsed, or checkout ended). */
export async function releasePurchase(
  trx: Transaction<DB>,
  paymentId: string,
  to: 'expired' | 'canceled',
  now: Date,
) {
  const lesson = await repository.purchaseLessonOf(trx, paymentId);
  if (lesson) await releaseHeld(trx, lesson.id, to, now);
}

/** Held (or pending) → scheduled or pending; false when the hold is gone or its time taken. */
function confirmHeld(
  trx: Transaction<DB>,
  lessonId: string,
  to: 'scheduled' | 'pending',
  now: Date,
) {
  return repository.confirmHeldLesson(trx, lessonId, { to, from: statusesLeadingTo(to), now });
}

async function releaseHeld(
  trx: Transaction<DB>,
  lessonId: string,
  to: 'expired' | 'canceled',
  now: Date,
) {
  await repository.changeStatus(trx, [lessonId], {
    to,
    from: HELD_STATUSES,
    now,
    columns: to === 'canceled' ? { canceled_at: now, cancel_cause: 'checkout' } : undefined,
  });
}

/**
 * Cancels lessons still ahead, stamped with who, why, when and the cause. One canceled
 * meanwhile (by its other party) keeps its own stamp. Answers the ids canceled here.
 */
export function cancelLessons(
  trx: Transaction<DB>,
  lessonIds: readonly string[],
  stamp: { by: string; reason: string; cause: Exclude<CancelCause, 'party'>; now: Date },
) {
  return repository.changeStatus(trx, lessonIds, {
    to: 'canceled',
    from: AHEAD_STATUSES,
    now: stamp.now,
    columns: {
      canceled_by: stamp.by,
      cancel_reason: stamp.reason,
      canceled_at: stamp.now,
      cancel_cause: stamp.cause,
    },
  });
}

/** Marks the booked lessons in `scope` that ended by `now` as completed (ADR 019). */
export function completeEnded(db: Db, now: Date, scope: repository.CompletionScope = 'all') {
  return repository.completeEnded(db, COMPLETABLE_STATUSES, now, scope);
}

/** What a party's cancel or a no-show settled: what goes back, whether a credit stays used. */
interface Settled {
  refundCents: number;
  creditForfeited: boolean;
  now: Date;
}

/** One of its parties cancels the lesson (the cancellation policy decided the settlement). */
export async function cancel(
  trx: Transaction<DB>,
  lessonId: string,
  settled: Settled & { by: string; reason: string },
) {
  const moved = await repository.changeStatus(trx, [lessonId], {
    to: 'canceled',
    from: statusesLeadingTo('canceled'),
    now: settled.now,
    columns: {
      canceled_by: settled.by,
      cancel_reason: settled.reason,
      canceled_at: settled.now,
      cancel_cause: 'party',
      refund_cents: settled.refundCents,
      credit_forfeited: settled.creditForfeited,
    },
  });
  return moved.length > 0;
}

/** A party reports the other absent (the cancellation policy decided the settlement). */
export async function markNoShow(
  trx: Transaction<DB>,
  lessonId: string,
  settled: Settled & { absent: 'student' | 'tutor'; reportedBy: string },
) {
  const moved = await repository.changeStatus(trx, [lessonId], {
    to: 'no_show',
    from: statusesLeadingTo('no_show'),
    now: settled.now,
    columns: {
      no_show_party: settled.absent,
      no_show_reported_by: settled.reportedBy,
      no_show_reported_at: settled.now,
      refund_cents: settled.refundCents,
      credit_forfeited: settled.creditForfeited,
    },
  });
  return moved.length > 0;
}
