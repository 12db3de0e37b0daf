import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filtersFromParams,
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
    // min must stay at least $1 below max: the offending minimum goes.
    expect(parse('minPrice=80&maxPrice=50')).toEqual({ ...DEFAULT_FILTERS, maxPrice: 50 });
    expect(viewFromParams(new URLSearchParams('view=cards'))).toBe('grid');
  });

  it('counts the side panel filters in use', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...parse('maxPrice=50&minRating=4.5&languages=French') })).toBe(3);
  });
});
