import { sql } from 'kysely';

// What counts as a lesson wherever a person looks back (My Lessons, My Students, the admin's
// counts, the calendar feed): issue #29. Read-side rules over rows as booking writes them, for
// queries that name the lesson `l`.

/**
 * A checkout that was never paid is not a lesson: a hold awaiting payment, a lapsed one, or one
 * released because its checkout was canceled or expired (stored as canceled, with a payment that
 * never completed).
 */
export const wasBooked = sql<boolean>`(
  l.status NOT IN ('awaiting_payment', 'expired')
  AND NOT (l.status = 'canceled' AND EXISTS (
    SELECT 1 FROM payments unpaid
     WHERE unpaid.id = l.payment_id AND unpaid.status IN ('canceled', 'expired')))
)`;

/**
 * A lesson that was moved shows once, as the lesson it became: the row it replaced (kept,
 * canceled, for the record) is not listed again.
 */
export const notReplaced = sql<boolean>`NOT EXISTS (
  SELECT 1 FROM lessons replacement WHERE replacement.rescheduled_from = l.id)`;
