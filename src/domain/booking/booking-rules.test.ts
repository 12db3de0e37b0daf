import { describe, expect, it } from 'vitest';
import { canReschedule, holdsTimeAt, statusAt } from './booking-rules';

describe('statusAt', () => {
  const start = new Date('2027-03-01T10:00:00Z');
  const end = new Date('2027-03-01T11:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('moves a scheduled lesson to in progress at its start and to completed at its end', () => {
    expect(statusAt('scheduled', start, end, at('2027-03-01T09:59:59Z'))).toBe('scheduled');
    expect(statusAt('scheduled', start, end, at('2027-03-01T10:00:00Z'))).toBe('in_progress');
    expect(statusAt('scheduled', start, end, at('2027-03-01T10:59:59Z'))).toBe('in_progress');
    expect(statusAt('scheduled', start, end, at('2027-03-01T11:00:00Z'))).toBe('completed');
    expect(statusAt('in_progress', start, end, at('2027-03-01T11:00:00Z'))).toBe('completed');
  });

  it('leaves pending, canceled, completed and no-show lessons as they are', () => {
    for (const stored of ['pending', 'canceled', 'completed', 'no_show'] as const)
      expect(statusAt(stored, start, end, at('2027-03-01T10:30:00Z'))).toBe(stored);
  });
});

describe('canReschedule', () => {
  it('allows pending and scheduled lessons only', () => {
    expect(canReschedule('pending')).toBe(true);
    expect(canReschedule('scheduled')).toBe(true);
    for (const status of ['in_progress', 'completed', 'canceled', 'no_show'] as const)
      expect(canReschedule(status)).toBe(false);
  });
});

describe('holdsTimeAt', () => {
  const now = new Date('2027-03-01T10:00:00Z');
  const later = new Date('2027-03-01T10:00:01Z');

  it('holds while booked or in progress, and a hold awaiting payment until it lapses', () => {
    for (const status of ['pending', 'scheduled', 'in_progress'] as const)
      expect(holdsTimeAt(status, null, now)).toBe(true);
    expect(holdsTimeAt('awaiting_payment', later, now)).toBe(true);
    expect(holdsTimeAt('awaiting_payment', now, now)).toBe(false);
    expect(holdsTimeAt('awaiting_payment', null, now)).toBe(false);
  });

  it('does not hold once ended, canceled or expired', () => {
    for (const status of ['completed', 'canceled', 'no_show', 'expired'] as const)
      expect(holdsTimeAt(status, later, now)).toBe(false);
  });
});
