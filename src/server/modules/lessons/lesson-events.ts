import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

// What the lessons module announces of a lesson's life, in the transaction that changed it, so
// what other modules do about it (payments: the refund; notifications: the bell) commits or
// rolls back with the change. Lessons knows nobody who listens: the listeners are handed in by
// the composition root (app.ts), so payments and notifications depend on lessons and never the
// other way round (issue 24: one-way module dependencies).

/** Why money goes back for a lesson a party settled (a subset of the payments' refund reasons). */
export type LessonRefundReason = 'lesson_canceled' | 'tutor_canceled' | 'tutor_no_show';

export type LessonEvent =
  /** A lesson was booked and holds its time (a trial, paid, from a package's credit). */
  | { type: 'booked'; lessonId: string; at: Date }
  /** A party moved a lesson: `lessonId` is the new lesson. */
  | { type: 'rescheduled'; lessonId: string; actorId: string; at: Date }
  /** A step of a tutor's move request (asked, withdrawn; accepted or declined by the student). */
  | {
      type: 'move_requested' | 'move_withdrawn' | 'move_accepted' | 'move_declined';
      lessonId: string;
      actorId: string;
      at: Date;
    }
  /** A party canceled the lesson or reported the other absent; `refundCents` goes back. */
  | {
      type: 'canceled' | 'no_show';
      lessonId: string;
      paymentId: string | null;
      refundCents: number;
      refundReason: LessonRefundReason;
      actorId: string;
      at: Date;
    };

/** One module's part in an event, written in the announcing transaction. */
export type LessonListener = (trx: Transaction<DB>, event: LessonEvent) => Promise<void>;

/** Where the lessons module announces; `ctx.lessonEvents` in the app's context. */
export interface LessonEvents {
  announce(trx: Transaction<DB>, event: LessonEvent): Promise<void>;
}

/** Announces each event to every listener in turn, in the caller's transaction. */
export const announceTo = (listeners: readonly LessonListener[]): LessonEvents => ({
  async announce(trx, event) {
    for (const listener of listeners) await listener(trx, event);
  },
});
