import type { Party } from './cancellation-policy';

// A tutor's move is a request (issue #29, ADR 032): the lesson keeps its time until its student
// accepts. Every rule of it here, once: who moves at once and who asks, who answers, until
// when, and what a request that did not move the lesson leaves the student (a free cancel).

/** How a request ended; null (stored) while it waits. */
export type MoveAnswer = 'accepted' | 'declined' | 'withdrawn';

/** A request as people see it: waiting, answered, withdrawn, or left unanswered until the start. */
export type MoveRequestState = 'open' | 'unanswered' | MoveAnswer;

/** A student's move (within the policy) is made at once; a tutor's is asked for. */
export const movesAtOnce = (party: Party) => party === 'student';

/**
 * What a stored request is as of `now`: one still waiting when its lesson starts was left
 * unanswered (read from the clock; no job closes it).
 */
export function moveRequestState(
  request: { answer: MoveAnswer | null },
  lessonStartsAt: Date,
  now: Date,
): MoveRequestState {
  if (request.answer) return request.answer;
  return now >= lessonStartsAt ? 'unanswered' : 'open';
}

/** Only the lesson's student answers, and only a request still waiting. */
export const mayAnswerMove = (party: Party, state: MoveRequestState) =>
  party === 'student' && state === 'open';

/** Only the lesson's tutor withdraws, and only a request still waiting. */
export const mayWithdrawMove = (party: Party, state: MoveRequestState) =>
  party === 'tutor' && state === 'open';

/**
 * The tutor could not keep the time and the lesson did not move (the request waits, was
 * declined, or was left unanswered): the student may cancel it free, with a full refund,
 * whatever the cancellation window says. A withdrawn request leaves the lesson as booked.
 */
export const moveRefused = (state: MoveRequestState | null) =>
  state === 'open' || state === 'declined' || state === 'unanswered';
