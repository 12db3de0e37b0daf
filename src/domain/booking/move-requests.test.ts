import { describe, expect, it } from 'vitest';
import { cancellationQuote, type LessonFacts } from './cancellation-policy';
import {
  mayAnswerMove,
  mayWithdrawMove,
  moveRefused,
  moveRequestState,
  movesAtOnce,
} from './move-requests';

const START = new Date('2027-03-10T10:00:00Z');
const HOUR = 3_600_000;
const before = (ms: number) => new Date(START.getTime() - ms);

describe('move requests', () => {
  it('moves a student’s lesson at once and asks the student about a tutor’s move', () => {
    expect(movesAtOnce('student')).toBe(true);
    expect(movesAtOnce('tutor')).toBe(false);
  });

  it('waits until the start, then reads as unanswered; an answer stays as given', () => {
    expect(moveRequestState({ answer: null }, START, before(1))).toBe('open');
    expect(moveRequestState({ answer: null }, START, START)).toBe('unanswered');
    expect(moveRequestState({ answer: 'declined' }, START, before(HOUR))).toBe('declined');
  });

  it('lets only the student answer and only the tutor withdraw, while it waits', () => {
    expect(mayAnswerMove('student', 'open')).toBe(true);
    expect(mayAnswerMove('tutor', 'open')).toBe(false);
    expect(mayAnswerMove('student', 'unanswered')).toBe(false);
    expect(mayWithdrawMove('tutor', 'open')).toBe(true);
    expect(mayWithdrawMove('student', 'open')).toBe(false);
    expect(mayWithdrawMove('tutor', 'declined')).toBe(false);
  });

  it('makes a late cancel free when the tutor’s move did not happen, not after a withdrawal', () => {
    const lesson: LessonFacts = {
      paidWith: 'single',
      refundableCents: 3000,
      currency: 'USD',
      packageUsable: false,
      startsAt: START,
      endsAt: new Date(START.getTime() + HOUR),
      status: 'scheduled',
      movedLate: true,
      moveRefused: false,
    };
    const late = before(2 * HOUR);
    expect(cancellationQuote(lesson, 'student', late).settlement).toBe('no_refund');
    for (const state of ['open', 'declined', 'unanswered'] as const) {
      expect(moveRefused(state)).toBe(true);
      const quote = cancellationQuote({ ...lesson, moveRefused: true }, 'student', late);
      expect(quote).toMatchObject({ settlement: 'refund', refundCents: 3000 });
    }
    expect(moveRefused('withdrawn')).toBe(false);
    expect(moveRefused('accepted')).toBe(false);
    expect(moveRefused(null)).toBe(false);
  });
});
