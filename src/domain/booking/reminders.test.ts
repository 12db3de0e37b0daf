import { describe, expect, it } from 'vitest';
import { reminderDueAt, reminderIsTimely, reminderStillAhead } from './reminders';

const START = new Date('2026-03-10T15:00:00Z');
const MINUTE = 60_000;
const at = (minutesFromStart: number) => new Date(START.getTime() + minutesFromStart * MINUTE);

describe('lesson reminders', () => {
  it('are due 24 hours and 1 hour before the start', () => {
    expect(reminderDueAt('day', START)).toEqual(at(-24 * 60));
    expect(reminderDueAt('hour', START)).toEqual(at(-60));
  });

  it('are not scheduled when their moment has passed at booking', () => {
    expect(reminderStillAhead('hour', START, at(-61))).toBe(true);
    expect(reminderStillAhead('hour', START, at(-60))).toBe(false);
    expect(reminderStillAhead('day', START, at(-23 * 60))).toBe(false);
  });

  it('are sent from their moment (a minute early at most) until the next one', () => {
    expect(reminderIsTimely('hour', START, at(-62))).toBe(false);
    expect(reminderIsTimely('hour', START, at(-61))).toBe(true);
    expect(reminderIsTimely('hour', START, at(-1))).toBe(true);
    expect(reminderIsTimely('hour', START, at(0))).toBe(false);
    expect(reminderIsTimely('day', START, at(-24 * 60))).toBe(true);
    expect(reminderIsTimely('day', START, at(-61))).toBe(true);
    expect(reminderIsTimely('day', START, at(-60))).toBe(false);
    expect(reminderIsTimely('day', START, at(-3 * 24 * 60))).toBe(false);
  });
});
