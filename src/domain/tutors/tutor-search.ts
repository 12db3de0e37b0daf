// Search filters: their limits, shared by the search screen and the API (the
// query schema built from them is the search endpoint's, in src/contracts/tutors.contract.ts).

export const SEARCH_PAGE_SIZE = 10;
/**
 * The most tutors a search counts and pages through (ADR 042). Past it the total reads
 * "1000+" and the pages stop at SEARCH_WINDOW / SEARCH_PAGE_SIZE: the results are the first
 * SEARCH_WINDOW matches in the sort's index order (rating for relevance), ranked among
 * themselves, so a one-letter search reads about a thousand tutors instead of every one.
 */
export const SEARCH_WINDOW = 1000;
export const SEARCH_WINDOW_PAGES = SEARCH_WINDOW / SEARCH_PAGE_SIZE;
export const MAX_SUGGESTIONS = 8;
export const PRICE_FLOOR = 0;
export const PRICE_CEILING = 200;
export const RATING_OPTIONS = [4.5, 4, 3.5, 3] as const;
export const POPULAR_SEARCHES = [
  'Mathematics',
  'English',
  'Programming',
  'Physics',
  'French',
  'Music',
] as const;

// Text matching (ADR 006). The query is cut into words (letters and digits; anything else,
// SQL and LIKE metacharacters included, only separates words). A tutor matches when every
// word starts a word of their name, subjects or bio ('math' finds 'Mathematics'), or, for words
// of FUZZY_MIN_LENGTH+ letters, is close to a word of their name or subjects (trigram
// similarity >= FUZZY_MIN_SIMILARITY), so typos still find tutors ('mathematcs'). Text with
// no word in it matches nobody. Relevance ranks tutors whose name or subjects match first.
export const MAX_SEARCH_TERMS = 8;
export const FUZZY_MIN_LENGTH = 4;
export const FUZZY_MIN_SIMILARITY = 0.5;

/** The words of a search text, in order, without repeats (case-insensitive), at most 8. */
export function searchTerms(q: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of q.split(/[^\p{L}\p{M}\p{N}]+/u)) {
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
  }
  return terms.slice(0, MAX_SEARCH_TERMS);
}

export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Pages to show: all when 7 or fewer, else first, last and the current neighbourhood with gaps. */
export function paginationItems(current: number, total: number): (number | 'gap')[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  const pages = new Set(
    [1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((page, index) =>
    index > 0 && page - sorted[index - 1]! > 1 ? ['gap' as const, page] : [page],
  );
}
