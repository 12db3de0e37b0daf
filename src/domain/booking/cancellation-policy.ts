import { formatMoney } from '../money';
import { CANCELLATION_MESSAGES as C } from '../messages';
import type { LessonStatus } from './booking-rules';

// The cancellation policy (issue 14, ADR 018): every number of it here, and one pure function
// per question, so that the server decides with the same code the web shows before confirming.

export const CANCELLATION_POLICY = {
  /** A student cancels free (full refund, or the credit returns) at least this long before. */
  freeCancellationHours: 24,
  /** After a lesson's end, either party may report the other absent for this long. */
  noShowReportHours: 48,
  /** Longest reason kept with a cancellation (the column allows 500). */
  maxReasonLength: 500,
} as const;

const MS_PER_HOUR = 3_600_000;

export type Party = 'student' | 'tutor';

/** What a lesson was paid with, and what could go back. */
export interface LessonMoneyFacts {
  /** A trial is free; a single lesson has its own payment; a package lesson uses a credit. */
  paidWith: 'trial' | 'single' | 'package';
  /**
   * Money that could go back to the card for this lesson: a single lesson's payment still not
   * refunded; for a package lesson, its share of the price, given back only when the credit
   * could not be used again (the package expired or ended).
   */
  refundableCents: number;
  currency: string;
  /** A package lesson: whether a returned credit can still be scheduled. */
  packageUsable: boolean;
}

export interface LessonFacts extends LessonMoneyFacts {
  startsAt: Date;
  endsAt: Date;
  /** The stored status (pending, scheduled, …), not the one time moves on. */
  status: LessonStatus;
  /**
   * The student moved it (or a lesson it replaced) inside the free window: it stays late, or
   * a move to next week would turn a late cancel into a free one.
   */
  movedLate: boolean;
  /**
   * The tutor asked to move it and it did not move (move-requests' `moveRefused`): the
   * student's cancel is free whatever the window says.
   */
  moveRefused: boolean;
}

/** What happens to the money or the credit. */
export type Settlement =
  | 'refund' // money back to the card
  | 'credit_returns' // the package gets the lesson back
  | 'no_refund' // late: a single lesson's money stays with the tutor
  | 'credit_forfeited' // late: the package's credit is used up
  | 'nothing'; // a free trial, or nothing left to give back

export interface Quote {
  settlement: Settlement;
  refundCents: number;
  currency: string;
  /** One sentence for the party asking. */
  message: string;
}

export interface CancellationQuote extends Quote {
  canCancel: boolean;
  /** The tutor must say why; the student may. */
  reasonRequired: boolean;
}

/** Whether the student is still inside the free window (exactly 24 h before counts as inside). */
export const isFreeCancellation = (startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() >= CANCELLATION_POLICY.freeCancellationHours * MS_PER_HOUR;

/**
 * Scheduled lessons that have not started can be canceled; a pending one waits for its payment
 * to clear (canceling it first would leave the arriving money nothing to settle against).
 */
export const isCancelable = (lesson: Pick<LessonFacts, 'status' | 'startsAt'>, now: Date) =>
  lesson.status === 'scheduled' && lesson.startsAt > now;

/** Whether a move by `by` now leaves the new lesson late for a student's cancel. */
export const isLateMove = (moved: { startsAt: Date; movedLate: boolean }, by: Party, now: Date) =>
  moved.movedLate || (by === 'student' && !isFreeCancellation(moved.startsAt, now));

/** The student gets the lesson back in full: the money, or the credit when it can be used. */
function fullSettlement(facts: LessonMoneyFacts): Settlement {
  if (facts.paidWith === 'trial') return 'nothing';
  if (facts.paidWith === 'package' && facts.packageUsable) return 'credit_returns';
  return facts.refundableCents > 0 ? 'refund' : 'nothing';
}

/** What a party reads about a settlement (`refundableCents` is what goes back on a refund). */
export function settlementQuote(
  settlement: Settlement,
  facts: Pick<LessonMoneyFacts, 'paidWith' | 'refundableCents' | 'currency'>,
  reader: Party,
): Quote {
  const refundCents = settlement === 'refund' ? facts.refundableCents : 0;
  const amount = formatMoney(refundCents, facts.currency);
  const student = reader === 'student';
  const message = {
    refund: student ? C.refundToCard(amount) : C.studentRefunded(amount),
    credit_returns: student ? C.creditReturns : C.studentCreditReturns,
    no_refund: C.lateNoRefund,
    credit_forfeited: C.lateCreditUsed,
    nothing: facts.paidWith === 'trial' ? C.trialFree : C.nothingToRefund,
  }[settlement];
  return { settlement, refundCents, currency: facts.currency, message };
}

/**
 * What canceling `facts` now would do when `by` cancels: a tutor's cancel (any time) or a
 * student's at least 24 h ahead (or after the tutor asked to move it and it did not move) gives
 * the lesson back in full; a student's later cancel gives nothing back (a package's credit is used up); a free trial can always be canceled.
 */
export function cancellationQuote(facts: LessonFacts, by: Party, now: Date): CancellationQuote {
  const late =
    by === 'student' &&
    facts.paidWith !== 'trial' &&
    !facts.moveRefused &&
    (facts.movedLate || !isFreeCancellation(facts.startsAt, now));
  const settlement: Settlement = late
    ? facts.paidWith === 'package'
      ? 'credit_forfeited'
      : 'no_refund'
    : fullSettlement(facts);
  return {
    ...settlementQuote(settlement, facts, by),
    canCancel: isCancelable(facts, now),
    reasonRequired: by === 'tutor',
  };
}

/** Whether `now` is inside the window after the end when a no-show can be reported. */
export function canReportNoShow(facts: Pick<LessonFacts, 'status' | 'endsAt'>, now: Date) {
  const reportable = ['pending', 'scheduled', 'in_progress', 'completed'].includes(facts.status);
  const since = now.getTime() - facts.endsAt.getTime();
  return reportable && since >= 0 && since < CANCELLATION_POLICY.noShowReportHours * MS_PER_HOUR;
}

/**
 * What a no-show report by `reporter` does (the other party was absent): an absent tutor is
 * treated as a tutor's cancel (the student gets the lesson back in full); an absent student's
 * lesson counts as given.
 */
export function noShowQuote(facts: LessonMoneyFacts, reporter: Party): Quote {
  const settlement: Settlement =
    reporter === 'student'
      ? fullSettlement(facts)
      : facts.paidWith === 'package'
        ? 'credit_forfeited'
        : facts.paidWith === 'trial'
          ? 'nothing'
          : 'no_refund';
  return settlementQuote(settlement, facts, reporter);
}
