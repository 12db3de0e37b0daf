import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURLY_RATE_CENTS, formatPrice, singleLessonPriceCents } from './pricing';

describe('singleLessonPriceCents', () => {
  it.each([
    // rate (cents/h), minutes, cents — hand-computed
    [2500, 50, 2083], // 20.8333…
    [2500, 25, 1042], // 10.4166…
    [2500, 100, 4167], // 41.6666…
    [1530, 25, 638], // 637.5: half rounds up
    [1800, 50, 1500],
    [1, 30, 1], // 0.5 cent rounds away from zero
    [1, 29, 0],
    [0, 50, 0],
  ])('%i cents/h for %i min costs %i cents', (rate, minutes, cents) => {
    expect(singleLessonPriceCents(rate, minutes)).toBe(cents);
  });
  it('falls back to 9 per hour when the rate is missing', () => {
    expect(DEFAULT_HOURLY_RATE_CENTS).toBe(900);
    expect(singleLessonPriceCents(null, 50)).toBe(750);
    expect(singleLessonPriceCents(undefined, 25)).toBe(375);
    expect(singleLessonPriceCents(null, 100)).toBe(1500);
  });
  it('rounds a negative amount half away from zero too', () => {
    expect(singleLessonPriceCents(-1, 30)).toBe(-1);
    expect(singleLessonPriceCents(-1530, 25)).toBe(-638);
  });
});

describe('formatPrice', () => {
  it("says 'Free' for nothing to pay and formats dollars as en-US", () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(2500)).toBe('$25.00');
    expect(formatPrice(123456)).toBe('$1,234.56');
  });
});
