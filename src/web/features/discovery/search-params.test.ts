import { describe, expect, it } from 'vitest';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filtersFromParams,
  rejectedPrice,
  toQueryString,
  viewFromParams,
} from './search-params';

const parse = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('search filters in the address', () => {
  it('writes only what differs from the defaults, and reads it back', () => {
    expect(toQueryString(DEFAULT_FILTERS)).toBe('');
    const filters = {
      ...DEFAULT_FILTERS,
      q: 'math',
      subjects: ['Physics', 'English'],
      minPrice: 10,
      maxPrice: 60,
      minRating: 4,
      page: 2,
    };
    const query = toQueryString(filters, 'list');
    expect(query).toBe(
      'q=math&subjects=Physics%2CEnglish&minPrice=10&maxPrice=60&minRating=4&page=2&view=list',
    );
    expect(parse(query)).toEqual(filters);
    expect(viewFromParams(new URLSearchParams(query))).toBe('list');
  });

  it('drops a hand-edited bad value and keeps the rest', () => {
    expect(parse('q=math&page=-3&minRating=2')).toEqual({ ...DEFAULT_FILTERS, q: 'math' });
    expect(viewFromParams(new URLSearchParams('view=cards'))).toBe('grid');
  });

  it.each([
    ['minPrice=50&maxPrice=40', '50', '40', M.searchPriceOrder],
    ['minPrice=20&maxPrice=20', '20', '20', M.searchPriceOrder],
    ['minPrice=-5&maxPrice=500', '-5', '500', M.searchPriceRange],
    ['maxPrice=abc', '0', 'abc', M.searchPriceRange],
  ])('searches all prices for the bad range %s and says why', (query, min, max, message) => {
    const params = new URLSearchParams(`q=math&${query}`);
    expect(filtersFromParams(params)).toEqual({ ...DEFAULT_FILTERS, q: 'math' });
    expect(rejectedPrice(params)).toEqual({ minPrice: min, maxPrice: max, message });
  });

  it('has nothing to say about a good or absent price range', () => {
    expect(rejectedPrice(new URLSearchParams('minPrice=10&maxPrice=60'))).toBeUndefined();
    expect(rejectedPrice(new URLSearchParams('q=math'))).toBeUndefined();
    expect(viewFromParams(new URLSearchParams('view=cards'))).toBe('grid');
  });

  it('counts the side panel filters in use', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...parse('maxPrice=50&minRating=4.5&languages=French') })).toBe(3);
  });
});
