import { describe, expect, it } from 'vitest';
import { examplePrice } from './example-price';

describe('examplePrice', () => {
  it('prices 50-minute lessons at the hourly rate, less the discount, to the cent', () => {
    // $30/hour: $25 a 50-minute lesson; 5 of them at 10% off: $112.50, $22.50 each.
    expect(examplePrice(3000, 5, 10)).toEqual({
      singleCents: 2500,
      totalCents: 11250,
      perLessonCents: 2250,
    });
    // $32.50/hour: $27.08 (27.083...) a lesson; 3 at 15% off: 69.054 -> $69.05, $23.01 each.
    expect(examplePrice(3250, 3, 15)).toEqual({
      singleCents: 2708,
      totalCents: 6905,
      perLessonCents: 2301,
    });
  });
});
