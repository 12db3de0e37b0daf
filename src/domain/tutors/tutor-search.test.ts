import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_TERMS, searchTerms } from './tutor-search';

describe('searchTerms', () => {
  it('cuts the text into words, once each, keeping letters of any script and digits', () => {
    expect(searchTerms('Math  tutor, math!')).toEqual(['Math', 'tutor']);
    expect(searchTerms('Zoë Ñúñez 3d')).toEqual(['Zoë', 'Ñúñez', '3d']);
    expect(searchTerms("O'Brien-Smith")).toEqual(['O', 'Brien', 'Smith']);
  });

  it('treats SQL and LIKE metacharacters as separators, not as words', () => {
    expect(searchTerms('%')).toEqual([]);
    expect(searchTerms('_')).toEqual([]);
    expect(searchTerms("'; drop table users; --")).toEqual(['drop', 'table', 'users']);
    expect(searchTerms('\\:*&|!()<->')).toEqual([]);
  });

  it('keeps at most the first eight words', () => {
    const words = Array.from({ length: 12 }, (_, index) => `w${index}`);
    expect(searchTerms(words.join(' '))).toEqual(words.slice(0, MAX_SEARCH_TERMS));
  });
});
