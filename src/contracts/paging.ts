import { z } from 'zod/mini';
import { DISCOVERY_MESSAGES } from '../domain/messages';

// How a list is paged, on every endpoint that pages one (src/domain/paging.ts computes it):
// numbered pages (a Pagination shows them) or pages loaded one after another (Show more).

/** The page asked for, 1-based (a page past the last answers the last one). */
export const pageNumberSchema = z._default(
  z.coerce
    .number(DISCOVERY_MESSAGES.searchPage)
    .check(
      z.int(DISCOVERY_MESSAGES.searchPage),
      z.gte(1, DISCOVERY_MESSAGES.searchPage),
      z.lte(1000, DISCOVERY_MESSAGES.searchPage),
    ),
  1,
);

/**
 * What a numbered page answers besides its rows: the page shown (moved back to the last one
 * when asked past it), how many pages there are and how many rows in all.
 */
export const pageInfoFields = {
  page: z.int(),
  totalPages: z.int(),
  total: z.int(),
};

/** What a page of a list loaded page after page answers: null after the last one. */
export const nextPageFields = {
  total: z.int(),
  nextPage: z.nullable(z.int()),
};
