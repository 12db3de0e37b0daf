import { COUNTRY_NAMES } from './countries';
import type { ReferenceData } from '../reference/reference-defaults';
import {
  availabilitySchema,
  basicInfoSchema,
  educationSchema,
  mediaSchema,
  subjectsSchema,
  teachingStyleSchema,
} from './tutor-profile-rules';

/**
 * Each wizard step's schema against the current reference data and settings; the form and
 * the server build theirs from the same call, so both check the same lists and limits.
 */
export function wizardStepSchemas(reference: ReferenceData, now: Date) {
  const limits = reference.settings.tutorProfileLimits;
  return {
    basic_info: basicInfoSchema(limits, COUNTRY_NAMES),
    education: educationSchema({
      educationLevels: reference.educationLevels.map((level) => level.name),
      now,
    }),
    subjects: subjectsSchema({
      subjects: reference.subjects.map((subject) => subject.name),
      subjectLevels: reference.subjectLevels.map((level) => level.code),
      languages: reference.languages.map((language) => language.name),
      languageLevels: reference.languageLevels.map((level) => level.code),
      maxSubjects: limits.max_subjects,
    }),
    teaching_style: teachingStyleSchema,
    media: mediaSchema,
    availability: availabilitySchema({ allowEmpty: false }),
  } as const;
}

export type WizardStepSchemas = ReturnType<typeof wizardStepSchemas>;
