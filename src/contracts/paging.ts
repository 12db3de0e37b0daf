import { z } from 'zod';
import { DISCOVERY_MESSAGES } from '../domain/messages';

// How a list is paged, on every endpoint that pages one (src/domain/paging.ts computes it):
// numbered pages (a Pagination shows them) or pages loaded one after another (Show more).

/** The page asked for, 1-based (a page past the last answers the last one). */
export const pageNumberSchema = z.coerce
  .number(DISCOVERY_MESSAGES.searchPage)
  .int(DISCOVERY_MESSAGES.searchPage)
  .min(1, DISCOVERY_MESSAGES.searchPage)
  .max(1000, DISCOVERY_MESSAGES.searchPage)
  .default(1);

/**
 * What a numbered page answers besides its rows: the page shown (moved back to the last one
 * when asked past it), how many pages there are and how many rows in all.
 */
export const pageInfoFields = {
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
};

/** What a page of a list loaded page after page answers: null after the last one. */
export const nextPageFields = {
  total: z.number().int(),
  nextPage: z.number().int().nullable(),
};
