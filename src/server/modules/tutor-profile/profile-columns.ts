import type { z } from 'zod';
import type { WeeklyWindow } from '../../../domain/availability/weekly-window';
import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';
import type { WizardStepSchemas } from '../../../domain/tutors/wizard-step-schemas';

// Where each wizard step's values live in the profile's rows. The submission writes all six
// steps at once and the Edit profile page one at a time, both through these.

export type StepData = { [Step in ProfileStepCode]: z.output<WizardStepSchemas[Step]> };

export const basicInfoColumns = (data: StepData['basic_info']) => ({
  bio: data.bio,
  teaching_experience: data.teachingExperience,
  hourly_rate_cents: data.hourlyRateCents,
  country_of_residence: data.countryOfResidence,
  native_language: data.nativeLanguage,
});

/** The user's own copy of the country and language (their account's settings). */
export const basicInfoUserColumns = (data: StepData['basic_info']) => ({
  country: data.countryOfResidence,
  language: data.nativeLanguage,
});

export const educationColumns = (data: StepData['education']) => ({
  education_level: data.educationLevel,
  education_title: data.educationTitle,
  university: data.university,
  year_of_graduation: data.yearOfGraduation,
});

export const teachingStyleColumns = (data: StepData['teaching_style']) => ({
  teaching_style: data.teachingStyle,
  lesson_specialties: data.lessonSpecialties,
  specializations: data.specializations,
});

export const mediaColumns = (data: StepData['media']) => ({
  video_url: data.videoUrl,
  avatar_path: data.avatarPath,
});

export const certificateRows = (tutorProfileId: string, data: StepData['education']) =>
  data.certificates.map((certificate) => ({
    tutor_profile_id: tutorProfileId,
    name: certificate.name,
    issued_by: certificate.issuedBy,
    year: certificate.year,
    url: certificate.url || null,
  }));

/** The subjects and languages as rows, given the reference ids of their names. */
export function subjectAndLanguageRows(
  tutorProfileId: string,
  data: StepData['subjects'],
  ids: { subjects: Map<string, number>; languages: Map<string, number> },
) {
  return {
    subjects: data.subjects.map((entry) => ({
      tutor_profile_id: tutorProfileId,
      subject_id: ids.subjects.get(entry.name)!,
      proficiency_level: entry.level,
    })),
    languages: data.languages.map((entry) => ({
      tutor_profile_id: tutorProfileId,
      language_id: ids.languages.get(entry.name)!,
      proficiency_level: entry.level,
    })),
  };
}

export function availabilityRows(
  tutorProfileId: string,
  timezone: string,
  slots: readonly WeeklyWindow[],
) {
  return slots.map((slot) => ({
    tutor_profile_id: tutorProfileId,
    local_day_of_week: slot.dayOfWeek,
    local_start_time: slot.startTime,
    local_end_time: slot.endTime,
    local_timezone: timezone,
  }));
}
