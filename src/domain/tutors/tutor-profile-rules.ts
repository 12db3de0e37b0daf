import { z } from 'zod';
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
  singleLineText(z.string(message).trim().min(1, message).max(max, message));
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
    .min(inUnit(limits.min_hourly_rate), M.rateTooLow(limits.min_hourly_rate))
    .max(inUnit(limits.max_hourly_rate), M.rateTooHigh(limits.max_hourly_rate));
  return unit === 'cents' ? rate.int(M.rateCents) : rate.multipleOf(0.01, M.rateCents);
}

/** The basic_info fields; the country one of `countries` (countries.ts, passed in so the list
 * loads only with the forms and the server that check it). */
const basicInfoFields = (countries: readonly string[]) => ({
  bio: z
    .string(M.bioRequired)
    .trim()
    .min(1, M.bioRequired)
    .min(BIO_MIN, M.bioTooShort)
    .max(BIO_MAX, M.bioTooLong),
  teachingExperience: z
    .number(M.experienceInvalid)
    .min(0, M.experienceInvalid)
    .max(MAX_EXPERIENCE_YEARS, M.experienceTooHigh)
    // After the range, so -2.5 says the range's message first.
    .int(M.experienceWholeYears),
  countryOfResidence: requiredText(M.countryRequired, 100).refine(
    (country) => countries.includes(country),
    M.countryNotListed,
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
  return z
    .object({ ...basicInfoFields(countries), hourlyRate: hourlyRateSchema(limits, 'dollars') })
    .transform(({ hourlyRate, ...fields }) => ({
      ...fields,
      hourlyRateCents: dollarsToCents(hourlyRate),
    }));
}

export function educationSchema(options: { educationLevels: string[]; now: Date }) {
  const currentYear = options.now.getUTCFullYear();
  const certificate = z.object({
    name: requiredText(M.certificateNameRequired, 200),
    issuedBy: requiredText(M.certificateIssuerRequired, 200),
    year: z
      .number(M.certificateYearRequired)
      .int(M.certificateYearInvalid)
      .min(EARLIEST_YEAR, M.certificateYearInvalid)
      .max(currentYear, M.certificateYearInvalid),
    url: z
      .string()
      .trim()
      .max(500, M.certificateUrlInvalid)
      .refine((value) => value === '' || isWebAddress(value), M.certificateUrlInvalid)
      .optional(),
  });
  return z.object({
    educationLevel: z
      .string(M.educationLevelRequired)
      .refine((level) => options.educationLevels.includes(level), M.educationLevelRequired),
    educationTitle: singleLineText(
      z.string(M.titleTooShort).trim().min(2, M.titleTooShort).max(100, M.titleTooLong),
    ),
    university: singleLineText(
      z
        .string(M.institutionTooShort)
        .trim()
        .min(2, M.institutionTooShort)
        .max(100, M.institutionTooLong),
    ),
    yearOfGraduation: z
      .number(M.graduationYearRequired)
      .int(M.graduationYearRequired)
      .min(EARLIEST_YEAR, M.graduationYearTooEarly)
      .max(currentYear + GRADUATION_YEARS_AHEAD, M.graduationYearTooLate),
    certificates: z.array(certificate).max(20).default([]),
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
      name: z.string(incomplete).refine((name) => names.includes(name), incomplete),
      level: z.string(incomplete).refine((level) => levels.includes(level), incomplete),
    });
  return z.object({
    subjects: z
      .array(entry(options.subjects, options.subjectLevels, M.subjectFieldsIncomplete))
      .min(1, M.subjectRequired)
      .max(options.maxSubjects, M.subjectLimit(options.maxSubjects))
      .refine((items) => noDuplicates(named(items), (item) => item.name), M.subjectDuplicate),
    languages: z
      .array(entry(options.languages, options.languageLevels, M.languageFieldsIncomplete))
      .min(1, M.languageRequired)
      .max(20)
      .refine((items) => noDuplicates(named(items), (item) => item.name), M.languageDuplicate),
  });
}

export const teachingStyleSchema = z.object({
  teachingStyle: z.enum(TEACHING_STYLES, M.teachingStyleRequired),
  lessonSpecialties: z
    .array(z.enum(LESSON_SPECIALTIES, M.specialtiesRequired))
    .min(1, M.specialtiesRequired)
    .max(MAX_LESSON_SPECIALTIES, M.specialtiesLimit)
    .refine((items) => noDuplicates(items, String), M.duplicateSelection),
  specializations: z
    .array(z.enum(SPECIALIZATIONS, M.specializationsRequired))
    .min(1, M.specializationsRequired)
    .max(MAX_SPECIALIZATIONS, M.specializationsLimit)
    .refine((items) => noDuplicates(items, String), M.duplicateSelection),
});

export const mediaSchema = z.object({
  /** Storage path of the uploaded, cropped photo (the server checks it is the tutor's own). */
  avatarPath: z.string(M.avatarRequired).min(1, M.avatarRequired).max(300, M.avatarRequired),
  videoUrl: z
    .string(M.videoUrlRequired)
    .trim()
    .min(1, M.videoUrlRequired)
    .max(500, M.videoUrlInvalid)
    .refine((url) => parseVideoUrl(url) !== null, M.videoUrlInvalid),
});

/**
 * A week of availability. The wizard needs at least one slot; the schedule page may save an
 * empty week after the 'No Availability Set' confirmation.
 */
export function availabilitySchema({ allowEmpty }: { allowEmpty: boolean }) {
  return z.object({
    timezone: timeZoneSchema,
    slots: z
      .array(weeklyWindowSchema, M.eventsInvalid)
      .min(allowEmpty ? 0 : 1, M.availabilityRequired)
      .max(7 * 24, M.eventsInvalid)
      .refine((slots) => !hasOverlapOrTouch(slots), M.slotsOverlap)
      .refine((slots) => withinWeeklyCap(slots), M.weeklyCapExceeded(MAX_WEEKLY_HOURS)),
  });
}
