import { z } from 'zod/mini';
import { hasOverlapOrTouch } from '../availability/merge-windows';
import { withinWeeklyCap } from '../availability/weekly-hours';
import {
  MAX_WEEKLY_HOURS,
  timeZoneSchema,
  weeklyWindowSchema,
} from '../availability/weekly-window';
import { TUTOR_PROFILE_MESSAGES as M } from '../messages';
import { dollarsToCents } from '../money';
import type { TutorProfileLimits } from '../reference/reference-defaults';
import {
  BIO_MAX,
  BIO_MIN,
  EARLIEST_YEAR,
  GRADUATION_YEARS_AHEAD,
  LESSON_SPECIALTIES,
  MAX_EXPERIENCE_YEARS,
  MAX_LESSON_SPECIALTIES,
  MAX_SPECIALIZATIONS,
  SPECIALIZATIONS,
  TEACHING_STYLES,
} from './tutor-options';
import { singleLineText } from '../text/single-line';
import { parseVideoUrl } from './video-url';

// One schema per wizard step, used by the forms and re-checked by the server.
// Steps that depend on settings (rates, subject limit) or on the reference lists take them
// as arguments, so both sides validate against the same values.

const requiredText = (message: string, max: number) =>
  singleLineText(
    z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message)),
  );
const noDuplicates = <T>(items: T[], key: (item: T) => string) =>
  new Set(items.map(key)).size === items.length;

type RateLimits = Pick<TutorProfileLimits, 'min_hourly_rate' | 'max_hourly_rate'>;

/**
 * The hourly rate rule: within the settings' limits (set in dollars), to the cent. The same
 * rule on the amount the tutor types (dollars) and on the amount saved and sent (cents).
 */
function hourlyRateSchema(limits: RateLimits, unit: 'dollars' | 'cents') {
  const inUnit = (dollars: number) => (unit === 'cents' ? dollarsToCents(dollars) : dollars);
  const rate = z
    .number(M.rateRequired)
    .check(
      z.gte(inUnit(limits.min_hourly_rate), M.rateTooLow(limits.min_hourly_rate)),
      z.lte(inUnit(limits.max_hourly_rate), M.rateTooHigh(limits.max_hourly_rate)),
    );
  return unit === 'cents'
    ? rate.check(z.int(M.rateCents))
    : rate.check(z.multipleOf(0.01, M.rateCents));
}

/** The basic_info fields; the country one of `countries` (countries.ts, passed in so the list
 * loads only with the forms and the server that check it). */
const basicInfoFields = (countries: readonly string[]) => ({
  bio: z
    .string(M.bioRequired)
    .check(
      z.trim(),
      z.minLength(1, M.bioRequired),
      z.minLength(BIO_MIN, M.bioTooShort),
      z.maxLength(BIO_MAX, M.bioTooLong),
    ),
  teachingExperience: z.number(M.experienceInvalid).check(
    z.gte(0, M.experienceInvalid),
    z.lte(MAX_EXPERIENCE_YEARS, M.experienceTooHigh),
    // After the range, so -2.5 says the range's message first.
    z.int(M.experienceWholeYears),
  ),
  countryOfResidence: requiredText(M.countryRequired, 100).check(
    z.refine((country) => countries.includes(country), M.countryNotListed),
  ),
  nativeLanguage: requiredText(M.nativeLanguageRequired, 100),
});

/** The basic_info step as it is saved and sent: the hourly rate in cents. */
export function basicInfoSchema(limits: RateLimits, countries: readonly string[]) {
  return z.object({
    ...basicInfoFields(countries),
    hourlyRateCents: hourlyRateSchema(limits, 'cents'),
  });
}

/**
 * The basic_info form: the tutor types the hourly rate in dollars; the form hands on the step
 * as basicInfoSchema takes it (cents).
 */
export function basicInfoFormSchema(limits: RateLimits, countries: readonly string[]) {
  return z.pipe(
    z.object({ ...basicInfoFields(countries), hourlyRate: hourlyRateSchema(limits, 'dollars') }),
    z.transform(({ hourlyRate, ...fields }) => ({
      ...fields,
      hourlyRateCents: dollarsToCents(hourlyRate),
    })),
  );
}

export function educationSchema(options: { educationLevels: string[]; now: Date }) {
  const currentYear = options.now.getUTCFullYear();
  const certificate = z.object({
    name: requiredText(M.certificateNameRequired, 200),
    issuedBy: requiredText(M.certificateIssuerRequired, 200),
    year: z
      .number(M.certificateYearRequired)
      .check(
        z.int(M.certificateYearInvalid),
        z.gte(EARLIEST_YEAR, M.certificateYearInvalid),
        z.lte(currentYear, M.certificateYearInvalid),
      ),
    url: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(500, M.certificateUrlInvalid),
        z.refine((value) => value === '' || isWebAddress(value), M.certificateUrlInvalid),
      ),
    ),
  });
  return z.object({
    educationLevel: z
      .string(M.educationLevelRequired)
      .check(
        z.refine((level) => options.educationLevels.includes(level), M.educationLevelRequired),
      ),
    educationTitle: singleLineText(
      z
        .string(M.titleTooShort)
        .check(z.trim(), z.minLength(2, M.titleTooShort), z.maxLength(100, M.titleTooLong)),
    ),
    university: singleLineText(
      z
        .string(M.institutionTooShort)
        .check(
          z.trim(),
          z.minLength(2, M.institutionTooShort),
          z.maxLength(100, M.institutionTooLong),
        ),
    ),
    yearOfGraduation: z
      .int(M.graduationYearRequired)
      .check(
        z.gte(EARLIEST_YEAR, M.graduationYearTooEarly),
        z.lte(currentYear + GRADUATION_YEARS_AHEAD, M.graduationYearTooLate),
      ),
    certificates: z._default(z.array(certificate).check(z.maxLength(20)), []),
  });
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Rows with a name picked: two rows still to fill are incomplete, not duplicates. */
const named = <T extends { name: string }>(items: T[]) => items.filter((item) => item.name !== '');

export function subjectsSchema(options: {
  subjects: string[];
  subjectLevels: string[];
  languages: string[];
  languageLevels: string[];
  maxSubjects: number;
}) {
  const entry = (names: string[], levels: string[], incomplete: string) =>
    z.object({
      name: z.string(incomplete).check(z.refine((name) => names.includes(name), incomplete)),
      level: z.string(incomplete).check(z.refine((level) => levels.includes(level), incomplete)),
    });
  return z.object({
    subjects: z
      .array(entry(options.subjects, options.subjectLevels, M.subjectFieldsIncomplete))
      .check(
        z.minLength(1, M.subjectRequired),
        z.maxLength(options.maxSubjects, M.subjectLimit(options.maxSubjects)),
        z.refine((items) => noDuplicates(named(items), (item) => item.name), M.subjectDuplicate),
      ),
    languages: z
      .array(entry(options.languages, options.languageLevels, M.languageFieldsIncomplete))
      .check(
        z.minLength(1, M.languageRequired),
        z.maxLength(20),
        z.refine((items) => noDuplicates(named(items), (item) => item.name), M.languageDuplicate),
      ),
  });
}

export const teachingStyleSchema = z.object({
  teachingStyle: z.enum(TEACHING_STYLES, M.teachingStyleRequired),
  lessonSpecialties: z.array(z.enum(LESSON_SPECIALTIES, M.specialtiesRequired)).check(
    z.minLength(1, M.specialtiesRequired),
    z.maxLength(MAX_LESSON_SPECIALTIES, M.specialtiesLimit),
    z.refine((items) => noDuplicates(items, String), M.duplicateSelection),
  ),
  specializations: z.array(z.enum(SPECIALIZATIONS, M.specializationsRequired)).check(
    z.minLength(1, M.specializationsRequired),
    z.maxLength(MAX_SPECIALIZATIONS, M.specializationsLimit),
    z.refine((items) => noDuplicates(items, String), M.duplicateSelection),
  ),
});

export const mediaSchema = z.object({
  /** Storage path of the uploaded, cropped photo (the server checks it is the tutor's own). */
  avatarPath: z
    .string(M.avatarRequired)
    .check(z.minLength(1, M.avatarRequired), z.maxLength(300, M.avatarRequired)),
  videoUrl: z.string(M.videoUrlRequired).check(
    z.trim(),
    z.minLength(1, M.videoUrlRequired),
    z.maxLength(500, M.videoUrlInvalid),
    z.refine((url) => parseVideoUrl(url) !== null, M.videoUrlInvalid),
  ),
});

/**
 * A week of availability. The wizard needs at least one slot; the schedule page may save an
 * empty week after the 'No Availability Set' confirmation.
 */
export function availabilitySchema({ allowEmpty }: { allowEmpty: boolean }) {
  return z.object({
    timezone: timeZoneSchema,
    slots: z.array(weeklyWindowSchema, M.eventsInvalid).check(
      z.minLength(allowEmpty ? 0 : 1, M.availabilityRequired),
      z.maxLength(7 * 24, M.eventsInvalid),
      z.refine((slots) => !hasOverlapOrTouch(slots), M.slotsOverlap),
      z.refine((slots) => withinWeeklyCap(slots), M.weeklyCapExceeded(MAX_WEEKLY_HOURS)),
    ),
  });
}
