import type { LessonStatus } from './booking-rules';

// A lesson's life, one table (issue 24, ADR 024). The lessons module changes a status only
// along these arrows, and migration 023's trigger refuses any other update of the column, so
// a wrong write fails even when it comes from outside the app. Inserts are not transitions: a
// lesson is placed awaiting payment (a checkout's hold), pending (a move of a pending lesson)
// or scheduled (a trial, a package credit, a move).
//
//   awaiting_payment ─┬─> scheduled ─┬─> completed ──> no_show
//        │            │      ▲       ├─> canceled
//        ├─> pending ─┘      │       └─> no_show
//        ├─> expired ────────┘ (money that came after the hold lapsed, slot still free)
//        └─> canceled (checkout canceled, account closed)

export const LESSON_TRANSITIONS = {
  awaiting_payment: ['scheduled', 'pending', 'expired', 'canceled'],
  /** Paid by a method that settles later: it holds its time until the money arrives or fails. */
  pending: ['scheduled', 'expired', 'canceled', 'no_show'],
  scheduled: ['in_progress', 'completed', 'canceled', 'no_show'],
  in_progress: ['completed', 'canceled', 'no_show'],
  /** A lesson completed by time can still be reported missed (cancellation-policy). */
  completed: ['no_show'],
  /** A hold that lapsed still books the slot when late money finds it free. */
  expired: ['scheduled', 'pending'],
  canceled: [],
  no_show: [],
} as const satisfies Record<LessonStatus, readonly LessonStatus[]>;

/** Whether a lesson in `from` may be changed to `to` (staying where it is always may). */
export const canTransition = (from: LessonStatus, to: LessonStatus) =>
  from === to || (LESSON_TRANSITIONS[from] as readonly LessonStatus[]).includes(to);

/** Every status a lesson may come to `to` from (the guard of an UPDATE … WHERE status IN). */
export const statusesLeadingTo = (to: LessonStatus): LessonStatus[] =>
  (Object.keys(LESSON_TRANSITIONS) as LessonStatus[]).filter(
    (from) => from !== to && canTransition(from, to),
  );

/** Lessons still held for a checkout: no money has settled for them yet. */
export const HELD_STATUSES = ['awaiting_payment', 'pending'] as const satisfies LessonStatus[];

/** Lessons still ahead that a closing or suspension cancels (one in progress keeps its time). */
export const AHEAD_STATUSES = [
  'awaiting_payment',
  'pending',
  'scheduled',
] as const satisfies LessonStatus[];

/** Booked lessons that hold their time; they complete at their end. */
export const COMPLETABLE_STATUSES = ['scheduled', 'in_progress'] as const satisfies LessonStatus[];

/** Why a lesson was canceled (lessons.cancel_cause): the stamp every cancel writes. */
export const CANCEL_CAUSES = [
  /** One of its parties canceled it (cancellation-policy). */
  'party',
  /** It was moved: a new lesson replaced it. */
  'moved',
  /** Its checkout was canceled or could not open: it was only ever a hold. */
  'checkout',
  'account_closed',
  'account_suspended',
] as const;
export type CancelCause = (typeof CANCEL_CAUSES)[number];
