import { z } from 'zod';
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
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : (value ?? '').split(','))
      .map((item) => item.trim())
      .filter(Boolean)
      .slice(0, 20),
  );

const price = z.coerce
  .number(DISCOVERY_MESSAGES.searchPriceRange)
  .min(PRICE_FLOOR, DISCOVERY_MESSAGES.searchPriceRange)
  .max(PRICE_CEILING, DISCOVERY_MESSAGES.searchPriceRange);

/** A 1-based page number from a query string (search results, reviews). */
export const tutorSearchSchema = z
  .object({
    q: z.string().trim().max(100, DISCOVERY_MESSAGES.searchQueryTooLong).default(''),
    subjects: list,
    languages: list,
    minPrice: price.default(PRICE_FLOOR),
    maxPrice: price.default(PRICE_CEILING),
    minRating: z.coerce
      .number(DISCOVERY_MESSAGES.searchRating)
      .refine(
        (rating) => rating === 0 || (RATING_OPTIONS as readonly number[]).includes(rating),
        DISCOVERY_MESSAGES.searchRating,
      )
      .default(0),
    sort: z.enum(SEARCH_SORTS, DISCOVERY_MESSAGES.searchSort).default('relevance'),
    page: pageNumberSchema,
  })
  .refine((filters) => filters.minPrice <= filters.maxPrice - 1, {
    message: DISCOVERY_MESSAGES.searchPriceOrder,
    path: ['minPrice'],
  });

export type TutorSearch = z.output<typeof tutorSearchSchema>;

const levelled = z.object({ name: z.string(), level: z.string() });
/** A subject carries its id: a booking names the subject by id. */
const levelledSubject = levelled.extend({ id: z.number().int() });

/** A tutor card. Money in integer cents, ratings with one decimal. */
const tutorCard = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
  subjects: z.array(levelledSubject),
  languages: z.array(levelled),
  hourlyRateCents: z.number().int(),
  rating: z.number().nullable(),
  totalReviews: z.number().int(),
  lessonsCompleted: z.number().int(),
  introduction: z.string(),
  isVerified: z.boolean(),
  location: z.string(),
  teachingStyle: z.string(),
  specializations: z.array(z.string()),
  teachingExperience: z.number().int(),
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
  pageSize: z.number().int(),
});
export type TutorSearchResponse = z.infer<typeof tutorSearchResponse>;

const suggestionsResponse = z.object({ suggestions: z.array(z.string()) });

export const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  studentName: z.string(),
  createdAt: z.string(),
  /** Written by the signed-in viewer (who cannot report it). */
  isMine: z.boolean(),
  /** The tutor's reply, if any (reviews of lessons, ADR 019). */
  reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
});

export const tutorProfileResponse = tutorCard.extend({
  /** The tutor's account, which a report names (issue #15). */
  userId: z.string(),
  bio: z.string(),
  education: z.object({
    level: z.string(),
    title: z.string(),
    university: z.string(),
    yearOfGraduation: z.number().int(),
  }),
  certificates: z.array(
    z.object({
      name: z.string(),
      issuedBy: z.string(),
      year: z.number().int(),
      url: z.string().nullable(),
    }),
  ),
  lessonSpecialties: z.array(z.string()),
  videoUrl: z.string(),
  availability: z.object({
    timezone: z.string(),
    slots: z.array(
      z.object({ dayOfWeek: z.number().int(), startTime: z.string(), endTime: z.string() }),
    ),
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
  query: z.object({ q: z.string().max(100).default('') }),
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
