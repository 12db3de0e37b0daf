import { describe, expect, it } from 'vitest';
import type { TutorSearchResponse } from '../../../contracts/tutors.contract';
import { resultText } from './search-results';

// The count above the results says what the page shows (issue #29).

const done = { isPending: false, isError: false, isPlaceholderData: false };
const found = (shown: number, total: number, totalIsLowerBound = false) =>
  ({
    tutors: Array.from({ length: shown }, () => ({})),
    total,
    totalIsLowerBound,
  }) as unknown as TutorSearchResponse;

describe('the result count', () => {
  it('counts the tutors on the page against all that match', () => {
    expect(resultText(done, found(10, 11), [])).toBe('Showing 10 of 11 tutors');
    expect(resultText(done, found(1, 1), [])).toBe('Showing 1 of 1 tutor');
  });

  it('names the subjects, and never claims more tutors than the page shows', () => {
    expect(resultText(done, found(3, 3), ['Mathematics'])).toBe('Showing 3 tutors for Mathematics');
    expect(resultText(done, found(10, 11), ['Mathematics', 'Physics'])).toBe(
      'Showing 10 of 11 tutors for Mathematics, Physics',
    );
    expect(resultText(done, found(1, 1), ['Physics'])).toBe('Showing 1 tutor for Physics');
  });

  it('says 1000+ when more tutors match than a search counts (ADR 042)', () => {
    expect(resultText(done, found(10, 1000, true), [])).toBe('Showing 10 of 1000+ tutors');
    expect(resultText(done, found(10, 1000, true), ['Physics'])).toBe(
      'Showing 10 of 1000+ tutors for Physics',
    );
    expect(resultText(done, found(10, 1000), [])).toBe('Showing 10 of 1000 tutors');
  });

  it('says nothing beside the empty state', () => {
    expect(resultText(done, found(0, 0), [])).toBe('');
  });
});
