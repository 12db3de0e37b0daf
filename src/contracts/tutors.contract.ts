import { z } from 'zod';

// Wire shapes of tutor discovery: /api/tutors (search), /api/tutors/suggestions,
// /api/tutors/:id (profile page) and /api/tutors/:id/reviews.

const levelled = z.object({ name: z.string(), level: z.string() });
/** A subject carries its id: a booking names the subject by id. */
const levelledSubject = levelled.extend({ id: z.number().int() });

/** The tutor card model (spec 2 §3). Money in integer cents, ratings with one decimal. */
export const tutorCard = z.object({
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

export const tutorSearchResponse = z.object({
  tutors: z.array(tutorCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type TutorSearchResponse = z.infer<typeof tutorSearchResponse>;

export const suggestionsResponse = z.object({ suggestions: z.array(z.string()) });

export const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  studentName: z.string(),
  createdAt: z.string(),
});

export const tutorProfileResponse = tutorCard.extend({
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
export const reviewsResponse = z.object({
  reviews: z.array(review),
  total: z.number().int(),
  nextPage: z.number().int().nullable(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;
