import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  DEFAULT_COMMISSION_TIERS,
  DEFAULT_COMMISSION_TIERS_SETTING,
  formatRate,
  parseCommissionTiers,
  splitLessonPrice,
  tierFor,
} from './commission';

describe('commission tiers', () => {
  it('the default setting reads as the default tiers', () => {
    expect(parseCommissionTiers(DEFAULT_COMMISSION_TIERS_SETTING)).toEqual(
      DEFAULT_COMMISSION_TIERS,
    );
  });

  it.each([
    [0, 2500, 20],
    [19 * 60 + 59, 2500, 0.02],
    [20 * 60, 2000, 80],
    [99 * 60, 2000, 1],
    [100 * 60, 1500, 300],
    [400 * 60, 1200, undefined],
    [10_000 * 60, 1200, undefined],
  ])('after %i minutes taught the rate is %i bp, %s h to the next tier', (minutes, rate, toGo) => {
    const tier = tierFor(DEFAULT_COMMISSION_TIERS, minutes);
    expect(tier.rateBp).toBe(rate);
    expect(tier.next?.hoursToGo).toBe(toGo);
  });

  it('the next tier names its rate', () => {
    expect(tierFor(DEFAULT_COMMISSION_TIERS, 0).next).toEqual({ rateBp: 2000, hoursToGo: 20 });
  });

  it.each([
    ['20:25,*', '"*" is not hours:percent'],
    ['20:25,10:20,*:12', 'tier hours must rise'],
    ['20:25,100:20', 'only the last tier is "*"'],
    ['*:12,20:25', 'only the last tier is "*"'],
    ['20:125,*:12', '125 % is more than 100 %'],
    ['20:25.123,*:12', '"20:25.123" is not hours:percent'],
  ])('refuses %s', (setting, message) => {
    expect(() => parseCommissionTiers(setting)).toThrow(message);
  });

  it('accepts a flat rate and fractional percents', () => {
    expect(parseCommissionTiers('*:12.5')).toEqual([{ untilHours: null, rateBp: 1250 }]);
  });
});

describe('a lesson price split', () => {
  it.each([
    [3000, 2500, 750, 2250],
    [2999, 2500, 750, 2249], // 749.75 rounds up
    [1002, 1250, 125, 877], // 125.25 rounds down
    [1004, 1250, 126, 878], // 125.5: halves round up
    [0, 2500, 0, 0], // a free trial earns nothing and costs nothing
  ])('%i cents at %i bp: %i commission, %i to the tutor', (price, rate, commission, net) => {
    expect(splitLessonPrice(price, rate)).toEqual({ commissionCents: commission, netCents: net });
  });

  it('never loses or makes a cent', () => {
    for (let price = 0; price < 5000; price += 7)
      for (const rate of [0, 1200, 1250, 1500, 2000, 2500, 3333, 10_000]) {
        const { commissionCents: c, netCents: n } = splitLessonPrice(price, rate);
        expect(c + n).toBe(price);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(n).toBeGreaterThanOrEqual(0);
      }
  });

  it('refuses an amount that is not cents', () => {
    expect(() => commissionCents(10.5, 2500)).toThrow('price must be cents');
    expect(() => commissionCents(-1, 2500)).toThrow('price must be cents');
  });

  it('shows a rate as a percent', () => {
    expect(formatRate(2500)).toBe('25 %');
    expect(formatRate(1250)).toBe('12.5 %');
  });
});
