import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatMoney } from './money';

describe('dollarsToCents and centsToDollars', () => {
  it.each([
    [32.5, 3250],
    [0.29, 29], // 0.29 x 100 is 28.999… in floating point
    [19.99, 1999],
    [200, 20_000],
    [5, 500],
  ])('%d dollars are %i cents and back', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe('formatMoney', () => {
  it('formats cents as en-US dollars', () => {
    expect(formatMoney(2500)).toBe('$25.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
  });
  it('drops the cents of a whole amount only when asked', () => {
    expect(formatMoney(2500, 'USD', { wholeWithoutCents: true })).toBe('$25');
    expect(formatMoney(2550, 'USD', { wholeWithoutCents: true })).toBe('$25.50');
    expect(formatMoney(3205, 'USD', { wholeWithoutCents: true })).toBe('$32.05');
  });
  it('keeps each currency its own formatter', () => {
    expect(formatMoney(2500, 'EUR')).toBe('€25.00');
    expect(formatMoney(2500)).toBe('$25.00');
    expect(formatMoney(2500, 'EUR', { wholeWithoutCents: true })).toBe('€25');
  });
});
