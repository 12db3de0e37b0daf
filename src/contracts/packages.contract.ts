import { z } from 'zod/mini';
import { MAX_BOOKING_NOTES_LENGTH } from '../domain/booking/booking-rules';
import { PACKAGE_LIMITS as L } from '../domain/booking/packages';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../domain/messages';
import {
  lessonMinutesSchema,
  localDateSchema,
  slotLabelSchema,
  timeZoneSchema,
} from '../domain/scheduling/slot-schemas';
import { lesson } from './booking.contract';
import {
  defineEndpoint,
  idParams,
  numberIdFromQuery,
  numberIdSchema,
  ROLE_ERRORS,
  SIGNED_IN_ERRORS,
} from './endpoint';
import { studentPackageView } from './payments.contract';
import { singleLineText } from '../domain/text/single-line';

// Lesson packages (spec 3; ADR 015): the packages a student can buy from a tutor, the credits
// they hold with a tutor and scheduling a lesson from one, a tutor's own packages, and the
// tutor's earnings.

/** A package on offer, priced by the server for the lesson length asked. */
export const packageOffer = z.object({
  /** 'platform_<n>' for platform packages (spec 3), else the tutor package's id. */
  id: z.string(),
  name: z.string(),
  isPlatformPackage: z.boolean(),
  subjectId: z.nullable(z.int()),
  numberOfLessons: z.int(),
  discountPercentage: z.int(),
  validityDays: z.int(),
  description: z.string(),
  lessonMinutes: z.int(),
  totalPriceCents: z.int(),
  currency: z.string(),
});
export type PackageOffer = z.infer<typeof packageOffer>;

export const packageOffersQuerySchema = z.object({
  subjectId: z.optional(numberIdFromQuery(M.selectSubject)),
  lessonMinutes: z.pipe(z.coerce.number(M.invalidLessonMinutes), lessonMinutesSchema),
});

/** Scheduling one lesson from a bought package: a slot chosen as in any booking. */
export const schedulePackageLessonSchema = z.object({
  bookingDate: localDateSchema,
  slotLabel: slotLabelSchema,
  viewerZone: timeZoneSchema,
  notes: z._default(
    z.string().check(z.trim(), z.maxLength(MAX_BOOKING_NOTES_LENGTH, M.notesTooLong)),
    '',
  ),
});

/** A tutor's own package as they edit it. */
export const tutorPackageSchema = z.object({
  name: singleLineText(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, P.packageNameRequired),
        z.maxLength(L.maxNameLength, P.packageNameTooLong),
      ),
  ),
  subjectId: z.nullable(numberIdSchema(M.selectSubject)),
  numberOfLessons: z
    .int(P.packageLessonsRange)
    .check(z.gte(L.minLessons, P.packageLessonsRange), z.lte(L.maxLessons, P.packageLessonsRange)),
  discountPercentage: z
    .int(P.packageDiscountRange)
    .check(z.gte(0, P.packageDiscountRange), z.lte(L.maxDiscountPercent, P.packageDiscountRange)),
  validityDays: z
    .int(P.packageValidityRange)
    .check(
      z.gte(L.minValidityDays, P.packageValidityRange),
      z.lte(L.maxValidityDays, P.packageValidityRange),
    ),
  description: z._default(
    singleLineText(
      z.string().check(z.trim(), z.maxLength(L.maxDescriptionLength, P.packageDescriptionTooLong)),
    ),
    '',
  ),
});
export type TutorPackageInput = z.input<typeof tutorPackageSchema>;

export const tutorPackage = z.object({
  id: z.string(),
  name: z.string(),
  subjectId: z.nullable(z.int()),
  numberOfLessons: z.int(),
  discountPercentage: z.int(),
  validityDays: z.int(),
  description: z.string(),
  isActive: z.boolean(),
  /** How many students bought it (a bought package cannot change under them: edit makes sense only for new buyers). */
  timesBought: z.int(),
});
export type TutorPackage = z.infer<typeof tutorPackage>;

/** One month of a tutor's earnings, in the tutor's currency. */
const earningsMonth = z.object({
  /** 'YYYY-MM' in the tutor's zone. */
  month: z.string(),
  paidLessons: z.int(),
  earnedCents: z.int(),
});

/** A lesson as Earnings lists it: paid (or free) and what it brings. */
const earningsLesson = z.object({
  lessonId: z.string(),
  studentName: z.string(),
  subject: z.string(),
  startTime: z.string(),
  isTrial: z.boolean(),
  fromPackage: z.boolean(),
  status: z.string(),
  amountCents: z.int(),
});

export const getPackageOffers = defineEndpoint({
  method: 'GET',
  path: '/api/tutors/:id/packages',
  params: idParams,
  query: packageOffersQuerySchema,
  status: 200,
  response: z.object({ packages: z.array(packageOffer) }),
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS, 'NOT_FOUND'],
});

/** The signed-in student's packages with this tutor that still have credits to schedule. */
export const getMyPackagesWithTutor = defineEndpoint({
  method: 'GET',
  path: '/api/tutors/:id/my-packages',
  params: idParams,
  status: 200,
  response: z.object({ packages: z.array(studentPackageView) }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});

export const schedulePackageLesson = defineEndpoint({
  method: 'POST',
  path: '/api/student-packages/:id/lessons',
  params: idParams,
  body: schedulePackageLessonSchema,
  status: 201,
  response: z.object({ lesson, package: studentPackageView }),
  errors: [
    'VALIDATION_FAILED',
    ...ROLE_ERRORS,
    'NOT_FOUND',
    'SLOT_TAKEN',
    'PACKAGE_EXPIRED',
    'PACKAGE_NOT_ACTIVE',
    'NO_CREDITS_LEFT',
  ],
});

export const listTutorPackages = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/packages',
  status: 200,
  response: z.object({ packages: z.array(tutorPackage) }),
  errors: [...ROLE_ERRORS],
});

export const createTutorPackage = defineEndpoint({
  method: 'POST',
  path: '/api/tutor/packages',
  body: tutorPackageSchema,
  status: 201,
  response: z.object({ package: tutorPackage }),
  // NOT_FOUND: the tutor has no profile yet, so nothing to attach the package to.
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});

export const updateTutorPackage = defineEndpoint({
  method: 'PUT',
  path: '/api/tutor/packages/:id',
  params: idParams,
  body: tutorPackageSchema,
  status: 200,
  response: z.object({ package: tutorPackage }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});

/** Retired packages are no longer offered; those already bought keep their credits. */
export const setTutorPackageActive = defineEndpoint({
  method: 'PUT',
  path: '/api/tutor/packages/:id/active',
  params: idParams,
  body: z.object({ isActive: z.boolean() }),
  status: 200,
  response: z.object({ package: tutorPackage }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND'],
});

export const getEarnings = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/earnings',
  status: 200,
  response: z.object({
    currency: z.string(),
    totalEarnedCents: z.int(),
    upcomingCents: z.int(),
    months: z.array(earningsMonth),
    paidLessons: z.array(earningsLesson),
    upcomingLessons: z.array(earningsLesson),
  }),
  errors: [...ROLE_ERRORS],
});
