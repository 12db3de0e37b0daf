import { tutorSearchSchema, type TutorSearch } from '../../../contracts/tutors.contract';
import { PRICE_CEILING, PRICE_FLOOR } from '../../../domain/tutors/tutor-search';

// The search lives in the URL (shareable, survives reload, Back restores it). Only values that
// differ from the defaults are written, so a plain search has a plain address.

export type ResultsView = 'grid' | 'list';
export const DEFAULT_FILTERS: TutorSearch = tutorSearchSchema.parse({});

const KEYS = ['q', 'subjects', 'languages', 'minPrice', 'maxPrice', 'minRating', 'sort', 'page'];

const PRICE_KEYS = ['minPrice', 'maxPrice'];

/**
 * The filters in an address; a hand-edited bad value falls back to its default. A bad price
 * range drops both ends (the search runs over all prices) and rejectedPrice says why.
 */
export function filtersFromParams(params: URLSearchParams): TutorSearch {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (let attempt = 0; attempt < KEYS.length; attempt++) {
    const parsed = tutorSearchSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      for (const bad of PRICE_KEYS.includes(key) ? PRICE_KEYS : [key]) delete raw[bad];
    }
  }
  return DEFAULT_FILTERS;
}

/** A price range in the address the search cannot use: the ends as written, and why. */
export interface RejectedPrice {
  minPrice: string;
  maxPrice: string;
  message: string;
}

export function rejectedPrice(params: URLSearchParams): RejectedPrice | undefined {
  const minPrice = params.get('minPrice') ?? String(PRICE_FLOOR);
  const maxPrice = params.get('maxPrice') ?? String(PRICE_CEILING);
  const parsed = tutorSearchSchema.safeParse({ minPrice, maxPrice });
  return parsed.success
    ? undefined
    : { minPrice, maxPrice, message: parsed.error.issues[0]!.message };
}

export const viewFromParams = (params: URLSearchParams): ResultsView =>
  params.get('view') === 'list' ? 'list' : 'grid';

/** Filters as query text for the address bar. */
export function toQueryString(filters: TutorSearch, view: ResultsView = 'grid'): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.subjects.length) params.set('subjects', filters.subjects.join(','));
  if (filters.languages.length) params.set('languages', filters.languages.join(','));
  if (filters.minPrice !== PRICE_FLOOR) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== PRICE_CEILING) params.set('maxPrice', String(filters.maxPrice));
  if (filters.minRating) params.set('minRating', String(filters.minRating));
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (view === 'list') params.set('view', 'list');
  return params.toString();
}

/** How many of the side panel's filters differ from the defaults (the Filters button's badge). */
export function activeFilterCount(filters: TutorSearch): number {
  return (
    Number(filters.minPrice !== PRICE_FLOOR || filters.maxPrice !== PRICE_CEILING) +
    Number(filters.minRating > 0) +
    Number(filters.languages.length > 0)
  );
}
