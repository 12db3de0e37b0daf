import { z } from 'zod/mini';
import { DISCOVERY_MESSAGES } from '../domain/messages';
import {
  PRICE_CEILING,
  PRICE_FLOOR,
  RATING_OPTIONS,
  SEARCH_SORTS,
} from '../domain/tutors/tutor-search';
import { defineEndpoint, idParams, SIGNED_IN_ERRORS } from './endpoint';
import { nextPageFields, pageInfoFields, pageNumberSchema } from './paging';

// Tutor discovery: search, suggestions, a tutor's profile page and their reviews. The search
// filters come from a query string (the search screen keeps the same filters in its URL).

/** 'a,b' or ['a', 'b'] -> ['a', 'b'] (filters travel in the URL as comma lists). */
const list = z.pipe(
  z.optional(z.union([z.string(), z.array(z.string())])),
  z.transform((value: string | string[] | undefined) =>
    (Array.isArray(value) ? value : (value ?? '').split(','))
      .map((item) => item.trim())
      .filter(Boolean)
      .slice(0, 20),
  ),
);

const price = z.coerce
  .number(DISCOVERY_MESSAGES.searchPriceRange)
  .check(
    z.gte(PRICE_FLOOR, DISCOVERY_MESSAGES.searchPriceRange),
    z.lte(PRICE_CEILING, DISCOVERY_MESSAGES.searchPriceRange),
  );

/** A 1-based page number from a query string (search results, reviews). */
export const tutorSearchSchema = z
  .object({
    q: z._default(
      z.string().check(z.trim(), z.maxLength(100, DISCOVERY_MESSAGES.searchQueryTooLong)),
      '',
    ),
    subjects: list,
    languages: list,
    minPrice: z._default(price, PRICE_FLOOR),
    maxPrice: z._default(price, PRICE_CEILING),
    minRating: z._default(
      z.coerce
        .number(DISCOVERY_MESSAGES.searchRating)
        .check(
          z.refine(
            (rating) => rating === 0 || (RATING_OPTIONS as readonly number[]).includes(rating),
            DISCOVERY_MESSAGES.searchRating,
          ),
        ),
      0,
    ),
    sort: z._default(z.enum(SEARCH_SORTS, DISCOVERY_MESSAGES.searchSort), 'relevance'),
    page: pageNumberSchema,
  })
  .check(
    z.refine((filters) => filters.minPrice <= filters.maxPrice - 1, {
      message: DISCOVERY_MESSAGES.searchPriceOrder,
      path: ['minPrice'],
    }),
  );

export type TutorSearch = z.output<typeof tutorSearchSchema>;

const levelled = z.object({ name: z.string(), level: z.string() });
/** A subject carries its id: a booking names the subject by id. */
const levelledSubject = z.extend(levelled, { id: z.int() });

/** A tutor card. Money in integer cents, ratings with one decimal. */
const tutorCard = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.nullable(z.string()),
  subjects: z.array(levelledSubject),
  languages: z.array(levelled),
  hourlyRateCents: z.int(),
  rating: z.nullable(z.number()),
  totalReviews: z.int(),
  lessonsCompleted: z.int(),
  introduction: z.string(),
  isVerified: z.boolean(),
  location: z.string(),
  teachingStyle: z.string(),
  specializations: z.array(z.string()),
  teachingExperience: z.int(),
});
export type TutorCard = z.infer<typeof tutorCard>;

const tutorSearchResponse = z.object({
  tutors: z.array(tutorCard),
  ...pageInfoFields,
  /**
   * More tutors match than a search pages through (SEARCH_WINDOW, ADR 042): `total` is that
   * window, the pages stop at its end, and the screen shows "1000+".
   */
  totalIsLowerBound: z.boolean(),
  pageSize: z.int(),
});
export type TutorSearchResponse = z.infer<typeof tutorSearchResponse>;

const suggestionsResponse = z.object({ suggestions: z.array(z.string()) });

export const review = z.object({
  id: z.string(),
  rating: z.int(),
  comment: z.string(),
  studentName: z.string(),
  createdAt: z.string(),
  /** Written by the signed-in viewer (who cannot report it). */
  isMine: z.boolean(),
  /** The tutor's reply, if any (reviews of lessons, ADR 019). */
  reply: z.nullable(z.object({ text: z.string(), createdAt: z.string() })),
});

export const tutorProfileResponse = z.extend(tutorCard, {
  /** The tutor's account, which a report names (issue #15). */
  userId: z.string(),
  bio: z.string(),
  education: z.object({
    level: z.string(),
    title: z.string(),
    university: z.string(),
    yearOfGraduation: z.int(),
  }),
  certificates: z.array(
    z.object({
      name: z.string(),
      issuedBy: z.string(),
      year: z.int(),
      url: z.nullable(z.string()),
    }),
  ),
  lessonSpecialties: z.array(z.string()),
  videoUrl: z.string(),
  availability: z.object({
    timezone: z.string(),
    slots: z.array(z.object({ dayOfWeek: z.int(), startTime: z.string(), endTime: z.string() })),
  }),
  reviews: z.array(review),
});
export type TutorProfileResponse = z.infer<typeof tutorProfileResponse>;

/** One page of a tutor's reviews, newest first; nextPage is null on the last one. */
const reviewsResponse = z.object({
  reviews: z.array(review),
  ...nextPageFields,
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;

export const searchTutors = defineEndpoint({
  method: 'GET',
  path: '/api/tutors',
  query: tutorSearchSchema,
  status: 200,
  response: tutorSearchResponse,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS],
});

export const getSuggestions = defineEndpoint({
  method: 'GET',
  path: '/api/tutors/suggestions',
  query: z.object({ q: z._default(z.string().check(z.maxLength(100)), '') }),
  status: 200,
  response: suggestionsResponse,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS],
});

export const getTutorProfile = defineEndpoint({
  method: 'GET',
  path: '/api/tutors/:id',
  params: idParams,
  status: 200,
  response: tutorProfileResponse,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS, 'NOT_FOUND'],
});

export const getReviews = defineEndpoint({
  method: 'GET',
  path: '/api/tutors/:id/reviews',
  params: idParams,
  query: z.object({ page: pageNumberSchema }),
  status: 200,
  response: reviewsResponse,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS, 'NOT_FOUND'],
});
