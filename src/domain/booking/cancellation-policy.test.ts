import { describe, expect, it } from 'vitest';
import { CANCELLATION_MESSAGES as C } from '../messages';
import {
  canReportNoShow,
  isLateMove,
  cancellationQuote,
  noShowQuote,
  type LessonFacts,
} from './cancellation-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = new Date('2030-03-10T15:00:00Z');
const END = new Date(START.getTime() + HOUR);
const before = (ms: number) => new Date(START.getTime() - ms);
const afterEnd = (ms: number) => new Date(END.getTime() + ms);

const single: LessonFacts = {
  paidWith: 'single',
  refundableCents: 4200,
  currency: 'USD',
  packageUsable: false,
  startsAt: START,
  endsAt: END,
  status: 'scheduled',
  movedLate: false,
  moveRefused: false,
};
const packaged: LessonFacts = {
  ...single,
  paidWith: 'package',
  refundableCents: 3800,
  packageUsable: true,
};
const trial: LessonFacts = { ...single, paidWith: 'trial', refundableCents: 0 };

describe('the cancellation policy', () => {
  it('refunds a student in full from exactly 24 hours ahead, and nothing a minute later', () => {
    expect(cancellationQuote(single, 'student', before(24 * HOUR))).toEqual({
      settlement: 'refund',
      refundCents: 4200,
      currency: 'USD',
      message: C.refundToCard('$42.00'),
      canCancel: true,
      reasonRequired: false,
    });
    expect(cancellationQuote(single, 'student', before(24 * HOUR - MINUTE))).toMatchObject({
      settlement: 'no_refund',
      refundCents: 0,
      message: C.lateNoRefund,
    });
  });

  it('returns a package credit on time and uses it up late', () => {
    expect(cancellationQuote(packaged, 'student', before(2 * 24 * HOUR))).toMatchObject({
      settlement: 'credit_returns',
      refundCents: 0,
      message: C.creditReturns,
    });
    expect(cancellationQuote(packaged, 'student', before(HOUR))).toMatchObject({
      settlement: 'credit_forfeited',
      message: C.lateCreditUsed,
    });
  });

  it('gives the lesson’s share back in money when a returned credit could not be used', () => {
    const expired = { ...packaged, packageUsable: false };
    expect(cancellationQuote(expired, 'tutor', before(HOUR))).toMatchObject({
      settlement: 'refund',
      refundCents: 3800,
      message: C.studentRefunded('$38.00'),
    });
  });

  it('lets a tutor cancel at any time before the start, refunding in full, with a reason', () => {
    expect(cancellationQuote(single, 'tutor', before(MINUTE))).toMatchObject({
      settlement: 'refund',
      refundCents: 4200,
      reasonRequired: true,
      canCancel: true,
    });
    expect(cancellationQuote(packaged, 'tutor', before(MINUTE)).settlement).toBe('credit_returns');
    expect(cancellationQuote(single, 'tutor', START).canCancel).toBe(false);
  });

  it('always lets a free trial be canceled, with nothing to give back', () => {
    expect(cancellationQuote(trial, 'student', before(MINUTE))).toMatchObject({
      settlement: 'nothing',
      canCancel: true,
      message: C.trialFree,
    });
  });

  it('keeps a lesson the student moved inside the window late, however far it went', () => {
    const moved = { ...single, movedLate: true };
    expect(cancellationQuote(moved, 'student', before(7 * 24 * HOUR)).settlement).toBe('no_refund');
    // The tutor's cancel still gives it all back.
    expect(cancellationQuote(moved, 'tutor', before(7 * 24 * HOUR)).settlement).toBe('refund');
    expect(isLateMove({ startsAt: START, movedLate: false }, 'student', before(24 * HOUR))).toBe(
      false,
    );
    expect(
      isLateMove({ startsAt: START, movedLate: false }, 'student', before(24 * HOUR - MINUTE)),
    ).toBe(true);
    expect(isLateMove({ startsAt: START, movedLate: false }, 'tutor', before(MINUTE))).toBe(false);
    expect(isLateMove({ startsAt: START, movedLate: true }, 'tutor', before(7 * 24 * HOUR))).toBe(
      true,
    );
  });

  it('cancels only scheduled lessons (a pending one waits for its payment)', () => {
    for (const status of [
      'pending',
      'canceled',
      'completed',
      'no_show',
      'awaiting_payment',
    ] as const)
      expect(
        cancellationQuote({ ...single, status }, 'student', before(2 * 24 * HOUR)).canCancel,
      ).toBe(false);
  });

  it('takes a no-show report from the end for 48 hours', () => {
    expect(canReportNoShow(single, afterEnd(-MINUTE))).toBe(false);
    expect(canReportNoShow(single, END)).toBe(true);
    expect(canReportNoShow(single, afterEnd(48 * HOUR - MINUTE))).toBe(true);
    expect(canReportNoShow(single, afterEnd(48 * HOUR))).toBe(false);
    expect(canReportNoShow({ ...single, status: 'canceled' }, END)).toBe(false);
  });

  it('refunds an absent tutor’s lesson like a tutor’s cancel; an absent student’s counts as given', () => {
    expect(noShowQuote(single, 'student')).toMatchObject({
      settlement: 'refund',
      refundCents: 4200,
    });
    expect(noShowQuote(packaged, 'student').settlement).toBe('credit_returns');
    expect(noShowQuote(single, 'tutor')).toMatchObject({ settlement: 'no_refund', refundCents: 0 });
    expect(noShowQuote(packaged, 'tutor').settlement).toBe('credit_forfeited');
  });
});
