import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type {
  CancelLessonResponse,
  CancellationQuoteResponse,
  cancelLessonSchema,
  NoShowResponse,
} from '../../../contracts/cancellation.contract';
import {
  canReportNoShow,
  cancellationQuote,
  noShowQuote,
  type Party,
  settlementQuote,
  type Quote,
} from '../../../domain/booking/cancellation-policy';
import { moveRefused, moveRequestState } from '../../../domain/booking/move-requests';
import { BOOKING_MESSAGES as M, CANCELLATION_MESSAGES as C } from '../../../domain/messages';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import * as repository from './cancellation.repository';
import { noteLessonCanceled } from './lesson-canceled-notice';
import { dropLessonReminders } from './lesson-reminders';
import type { NoticeContext } from './lesson-booked-notice';
import type { LessonRefundReason } from './lesson-events';
import { cancel, markNoShow } from './lesson-lifecycle';
import { viewOfStored } from './lesson-view';

// Canceling a lesson and reporting a no-show (issue 14, ADR 018). The policy decides (domain
// cancellation-policy, the same code the web shows before confirming); here it is applied under
// lock, once: the lesson and its payment are locked, the lesson stores its settlement, and the
// refund and the other party's email are jobs in the same transaction, keyed by the lesson.

type Row = repository.LessonWithMoney;

/** Which party of the lesson the user is; anyone else is told the lesson does not exist. */
function partyOf(row: Row | undefined, user: SessionUser): Party {
  if (row?.student_id === user.id) return 'student';
  if (row?.tutor_user_id === user.id) return 'tutor';
  throw new AppError('NOT_FOUND', M.lessonNotFound);
}

const facts = (row: Row, now: Date) => ({
  ...repository.moneyFacts(row, now),
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  status: row.status,
  movedLate: row.moved_late,
  moveRefused: moveRefused(
    row.mr_created_at ? moveRequestState({ answer: row.mr_answer }, row.starts_at, now) : null,
  ),
});

/** What canceling now would do, for the party asking. */
export async function quoteCancellation(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
): Promise<CancellationQuoteResponse> {
  const row = isUuid(lessonId) ? await repository.findLessonWithMoney(ctx.db, lessonId) : undefined;
  const by = partyOf(row, user);
  const { settlement, refundCents, currency, message, canCancel, reasonRequired } =
    cancellationQuote(facts(row!, ctx.clock.now()), by, ctx.clock.now());
  return { settlement, refundCents, currency, message, canCancel, reasonRequired };
}

/** A settlement as the reader is told it, from what the lesson stored. */
function storedQuote(row: Row, reader: Party): Quote {
  const paidWith = row.is_trial ? 'trial' : row.student_package_id ? 'package' : 'single';
  const currency = (row.payment_currency ?? row.currency).trim();
  const quote = settlementQuote(
    repository.storedSettlement(row),
    { paidWith, refundableCents: row.refund_cents, currency },
    reader,
  );
  // An absent student's lesson counts as given: not a late cancel.
  const studentAbsent = row.status === 'no_show' && row.no_show_party === 'student';
  return studentAbsent && quote.settlement !== 'nothing'
    ? { ...quote, message: C.reportExplainStudentAbsent }
    : quote;
}

/**
 * Everything a settled cancellation or no-show sets off, in its transaction: the other party's
 * email, its reminders dropped, and the announcement the refund (payments, once, keyed by the
 * lesson) and the bell (notifications) listen to.
 */
export async function afterLessonSettled(
  ctx: NoticeContext,
  trx: Transaction<DB>,
  event: {
    kind: 'canceled' | 'no_show';
    lessonId: string;
    paymentId: string | null;
    refundCents: number;
    reason: LessonRefundReason;
    /** Who canceled or reported: the other party is told. */
    actorId: string;
    at: Date;
  },
) {
  await noteLessonCanceled(ctx.jobs, trx, event.kind, event.lessonId);
  await dropLessonReminders(ctx.jobs, trx, event.lessonId);
  const { kind, reason, ...settled } = event;
  await ctx.lessonEvents.announce(trx, { type: kind, refundReason: reason, ...settled });
}

/** What a cancel or a report decided: the lesson's change and what goes back. */
type Decision = { quote: Quote; refundReason: LessonRefundReason } & (
  { kind: 'canceled'; reason: string } | { kind: 'no_show'; absent: Party }
);

/**
 * Locks the lesson (and its payment), lets `decide` apply the policy, stores the settlement
 * and sets off its effects; `decide` answers undefined when the lesson was settled already,
 * and the stored result is answered again.
 */
async function settleOnce(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
  decide: (lesson: Row, party: Party, now: Date) => Decision | undefined,
) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const locked = isUuid(lessonId)
      ? await repository.lockLessonWithMoney(trx, lessonId)
      : undefined;
    const decision = decide(locked!, partyOf(locked, user), now);
    if (!decision) return locked!;
    const { quote } = decision;
    const settled = {
      refundCents: quote.refundCents,
      creditForfeited: quote.settlement === 'no_refund' || quote.settlement === 'credit_forfeited',
      now,
    };
    if (decision.kind === 'canceled')
      await cancel(trx, locked!.id, { ...settled, by: user.id, reason: decision.reason });
    else
      await markNoShow(trx, locked!.id, {
        ...settled,
        absent: decision.absent,
        reportedBy: user.id,
      });
    await afterLessonSettled(ctx, trx, {
      kind: decision.kind,
      lessonId: locked!.id,
      paymentId: locked!.payment_id,
      refundCents: quote.refundCents,
      reason: decision.refundReason,
      actorId: user.id,
      at: now,
    });
    return (await repository.findLessonWithMoney(trx, locked!.id))!;
  });
  return {
    row,
    settlement: storedQuote(row, partyOf(row, user)),
    lesson: await viewOfStored(ctx, row.id, user.id),
  };
}

/** Cancels the lesson once; a second cancel answers what the first did and changes nothing. */
export async function cancelLesson(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
  input: z.output<typeof cancelLessonSchema>,
): Promise<CancelLessonResponse> {
  const { row, settlement, lesson } = await settleOnce(ctx, user, lessonId, (stored, by, now) => {
    // Canceled here before: answer the same. Moved away or closed with an account: not this.
    if (stored.status === 'canceled' && stored.cancel_cause === 'party') return undefined;
    const quote = cancellationQuote(facts(stored, now), by, now);
    if (!quote.canCancel) throw new AppError('CANNOT_CANCEL', C.cannotCancel);
    if (quote.reasonRequired && !input.reason)
      throw new AppError('VALIDATION_FAILED', C.reasonRequired, { reason: C.reasonRequired });
    return {
      kind: 'canceled',
      quote,
      refundReason: by === 'tutor' ? 'tutor_canceled' : 'lesson_canceled',
      reason: input.reason,
    };
  });
  const canceledBy = row.canceled_by === row.student_id ? 'student' : 'tutor';
  return { lesson, cancellation: { ...settlement, canceledBy } };
}

/** The caller reports the other party absent, after the end and within 48 hours, once. */
export async function reportNoShow(
  ctx: NoticeContext,
  user: SessionUser,
  lessonId: string,
): Promise<NoShowResponse> {
  const { row, settlement, lesson } = await settleOnce(
    ctx,
    user,
    lessonId,
    (stored, reporter, now) => {
      if (stored.status === 'no_show') {
        // The same report again answers the same; the other side cannot report back.
        if (stored.no_show_reported_by === user.id) return undefined;
        throw new AppError('NO_SHOW_ALREADY_REPORTED', C.alreadyReported);
      }
      if (!canReportNoShow({ status: stored.status, endsAt: stored.ends_at }, now))
        throw new AppError('CANNOT_REPORT_NO_SHOW', C.cannotReport);
      if (stored.reviewed) throw new AppError('LESSON_REVIEWED', C.reviewedCannotReport);
      return {
        kind: 'no_show',
        quote: noShowQuote(repository.moneyFacts(stored, now), reporter),
        refundReason: 'tutor_no_show',
        absent: reporter === 'student' ? 'tutor' : 'student',
      };
    },
  );
  const absent = row.no_show_party === 'tutor' ? 'tutor' : 'student';
  return {
    lesson,
    noShow: { ...settlement, absent, reportedAt: row.no_show_reported_at!.toISOString() },
  };
}
