import { describe, expect, it } from 'vitest';
import { rescheduleLessonMinutes } from './lesson-duration';

describe('rescheduleLessonMinutes', () => {
  it.each([
    [0, 25],
    [25, 25],
    [30, 25],
    [30.5, 50],
    [50, 50],
    [60, 50],
    [61, 100],
    [100, 100],
    [120, 100],
  ])('a %s-minute lesson keeps %i minutes', (minutes, kept) => {
    expect(rescheduleLessonMinutes(minutes)).toBe(kept);
  });
});
