import { describe, expect, it } from 'vitest';
import {
  canEditReview,
  cleanReviewText,
  editableUntil,
  isReviewable,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  textProblem,
} from './review-rules';

describe('isReviewable', () => {
  it('allows completed paid lessons and trials only', () => {
    expect(isReviewable({ status: 'completed', isTrial: false, isPaid: true })).toBe(true);
    expect(isReviewable({ status: 'completed', isTrial: true, isPaid: false })).toBe(true);
    expect(isReviewable({ status: 'completed', isTrial: false, isPaid: false })).toBe(false);
    for (const status of ['scheduled', 'in_progress', 'pending', 'canceled', 'no_show'] as const)
      expect(isReviewable({ status, isTrial: true, isPaid: true })).toBe(false);
  });
});

describe('the edit window', () => {
  const written = new Date('2030-01-01T10:00:00Z');
  it('is open until 14 days after writing, to the minute', () => {
    expect(editableUntil(written).toISOString()).toBe('2030-01-15T10:00:00.000Z');
    expect(canEditReview(written, new Date('2030-01-15T09:59:00Z'))).toBe(true);
    expect(canEditReview(written, new Date('2030-01-15T10:00:00Z'))).toBe(false);
  });
});

describe('review text', () => {
  const check = (text: string) =>
    textProblem(cleanReviewText(text), REVIEW_TEXT_MIN, REVIEW_TEXT_MAX);
  it('is trimmed, keeps line breaks and counts what is left', () => {
    expect(cleanReviewText('  Good pace.\r\nMore next time. ')).toBe('Good pace.\nMore next time.');
    expect(check('   short    ')).toBe('tooShort');
    expect(check('x'.repeat(REVIEW_TEXT_MIN))).toBeUndefined();
    expect(check('x'.repeat(REVIEW_TEXT_MAX + 1))).toBe('tooLong');
    expect(check('Tabs\tand\nlines are fine')).toBeUndefined();
  });
  it('refuses control characters and markup, not a heart or a comparison', () => {
    expect(check('A fine lesson\u0000 indeed')).toBe('control');
    expect(check('A fine lesson\u200b\u0085 indeed')).toBe('control');
    expect(check('Loved it <b>so</b> much')).toBe('markup');
    expect(check('Loved it <3 and 2 < 5 is clear now')).toBeUndefined();
  });
});
