import { describe, expect, it } from 'vitest';
import { canTransition, HELD_STATUSES, statusesLeadingTo } from './lesson-transitions';

describe('the lesson transition table', () => {
  it('lets a hold be confirmed, lapse or end, and late money book a lapsed hold', () => {
    expect(statusesLeadingTo('scheduled').sort()).toEqual([
      'awaiting_payment',
      'expired',
      'pending',
    ]);
    expect(canTransition('expired', 'scheduled')).toBe(true);
    expect(canTransition('awaiting_payment', 'completed')).toBe(false);
  });

  it('never brings back a completed, canceled or missed lesson', () => {
    expect(canTransition('completed', 'scheduled')).toBe(false);
    expect(canTransition('canceled', 'scheduled')).toBe(false);
    expect(canTransition('no_show', 'completed')).toBe(false);
    // Reporting a lesson missed after it completed by time stays possible.
    expect(canTransition('completed', 'no_show')).toBe(true);
  });

  it('releases only holds, and treats staying put as no change', () => {
    for (const held of HELD_STATUSES) expect(canTransition(held, 'expired')).toBe(true);
    expect(canTransition('scheduled', 'expired')).toBe(false);
    expect(canTransition('scheduled', 'scheduled')).toBe(true);
  });
});
