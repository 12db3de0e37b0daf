import type { Transaction } from 'kysely';
import type { ProfileSectionsResponse } from '../../../contracts/tutor-profile.contract';
import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import type { DB } from '../../db/types';
import {
  basicInfoColumns,
  basicInfoUserColumns,
  certificateRows,
  educationColumns,
  mediaColumns,
  teachingStyleColumns,
  type StepData,
} from './profile-columns';
import * as repository from './tutor-profile.repository';
import {
  replaceAvailability,
  requireProfileId,
  subjectsOf,
  validateStep,
  type TutorProfileContext,
} from './tutor-profile.service';

// The Edit profile page: a submitted profile read back as the wizard's six steps, and each
// step saved straight into the live profile with the wizard's own rules. Students see an edit
// at once; search words follow the bio and subjects by themselves (database triggers).

const isExternalUrl = (value: string) => /^https?:\/\//.test(value);

/** The profile as the steps' forms take their values (404 before the wizard is submitted). */
export async function getSections(
  ctx: TutorProfileContext,
  userId: string,
): Promise<ProfileSectionsResponse> {
  const profileId = await requireProfileId(ctx.db, userId);
  const profile = await repository.findProfileForEditing(ctx.db, profileId);
  const { subjects, languages } = await repository.findProfileSubjectsAndLanguages(
    ctx.db,
    profileId,
  );
  const certificates = await repository.findCertificates(ctx.db, profileId);
  const windows = await repository.findAvailability(ctx.db, profileId);
  // The photo students see is the user's; an external one (Google's) is not an upload of theirs.
  const photo =
    profile.avatar_url && !isExternalUrl(profile.avatar_url)
      ? profile.avatar_url
      : profile.avatar_path;
  const sections: Record<ProfileStepCode, object> = {
    basic_info: {
      bio: profile.bio,
      teachingExperience: profile.teaching_experience,
      hourlyRateCents: profile.hourly_rate_cents,
      countryOfResidence: profile.country_of_residence,
      nativeLanguage: profile.native_language,
    },
    education: {
      educationLevel: profile.education_level,
      educationTitle: profile.education_title,
      university: profile.university,
      yearOfGraduation: profile.year_of_graduation,
      certificates: certificates.map((certificate) => ({
        name: certificate.name,
        issuedBy: certificate.issued_by,
        year: certificate.year,
        url: certificate.url ?? '',
      })),
    },
    subjects: { subjects, languages },
    teaching_style: {
      teachingStyle: profile.teaching_style,
      lessonSpecialties: profile.lesson_specialties,
      specializations: profile.specializations,
    },
    media: { avatarPath: photo ?? '', videoUrl: profile.video_url },
    availability: {
      timezone: profile.timezone,
      slots: windows.map((row) => ({
        dayOfWeek: row.local_day_of_week,
        startTime: row.local_start_time,
        endTime: row.local_end_time,
      })),
    },
  };
  return {
    sections,
    avatarUrl: avatarUrlOf(ctx.signingSecret, profile.avatar_url, ctx.clock.now()),
  };
}

type ProfileStep = Exclude<ProfileStepCode, 'availability'>;
type Writer<Step extends ProfileStep> = (
  trx: Transaction<DB>,
  ids: { userId: string; profileId: string; now: Date },
  data: StepData[Step],
) => Promise<void>;

/** Where each step's values go in the live profile (availability has its own use case). */
const writers: { [Step in ProfileStep]: Writer<Step> } = {
  basic_info: async (trx, { userId, profileId, now }, data) => {
    await repository.updateProfile(trx, profileId, basicInfoColumns(data));
    await repository.updateUser(trx, userId, { ...basicInfoUserColumns(data), updated_at: now });
  },
  education: async (trx, { profileId }, data) => {
    await repository.updateProfile(trx, profileId, educationColumns(data));
    await repository.deleteProfileDetails(trx, profileId, ['tutor_certificates']);
    await repository.insertProfileDetails(trx, {
      subjects: [],
      languages: [],
      certificates: certificateRows(profileId, data),
    });
  },
  subjects: async (trx, { profileId }, data) => {
    const rows = await subjectsOf(trx, profileId, data);
    await repository.deleteProfileDetails(trx, profileId, ['tutor_subjects', 'tutor_languages']);
    await repository.insertProfileDetails(trx, { ...rows, certificates: [] });
  },
  teaching_style: async (trx, { profileId }, data) => {
    await repository.updateProfile(trx, profileId, teachingStyleColumns(data));
  },
  media: async (trx, { userId, profileId, now }, data) => {
    await repository.updateProfile(trx, profileId, mediaColumns(data));
    await repository.updateUser(trx, userId, { avatar_url: data.avatarPath, updated_at: now });
  },
};

/** Validates one step like the wizard does and writes it into the submitted profile. */
export async function saveSection(
  ctx: TutorProfileContext,
  userId: string,
  step: ProfileStepCode,
  data: unknown,
): Promise<ProfileSectionsResponse> {
  await requireProfileId(ctx.db, userId);
  const values = await validateStep(ctx, userId, step, data);
  if (step === 'availability') {
    // The schedule page's save (one transaction replacing the week), with the wizard's rule
    // that the profile keeps at least one window.
    await replaceAvailability(ctx, userId, values);
  } else {
    const now = ctx.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      // One tutor's section saves take turns, like the wizard's submission.
      await repository.lockUser(trx, userId);
      const profileId = await requireProfileId(trx, userId);
      const write = writers[step] as Writer<ProfileStep>;
      await write(trx, { userId, profileId, now }, values as StepData[ProfileStep]);
    });
  }
  return getSections(ctx, userId);
}
