import type { Kysely } from 'kysely';
import type { z } from 'zod/mini';
import type { ProfileDraftResponse } from '../../../contracts/tutor-profile.contract';
import { landingPath } from '../../../domain/accounts/account-rules';
import { weeklyHours } from '../../../domain/availability/weekly-hours';
import { API_MESSAGES, TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import {
  PROFILE_STEP_CODES,
  type ProfileStepCode,
} from '../../../domain/reference/reference-defaults';
import { availabilitySchema } from '../../../domain/tutors/tutor-profile-rules';
import { wizardStepSchemas } from '../../../domain/tutors/wizard-step-schemas';
import { resumeStep } from '../../../domain/tutors/wizard-steps';
import { signFileUrl } from '../../adapters/storage/signed-url';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { loadReferenceData } from '../reference/reference.service';
import {
  availabilityRows,
  basicInfoColumns,
  basicInfoUserColumns,
  certificateRows,
  educationColumns,
  mediaColumns,
  subjectAndLanguageRows,
  teachingStyleColumns,
  type StepData,
} from './profile-columns';
import * as repository from './tutor-profile.repository';

export interface TutorProfileContext {
  db: Kysely<DB>;
  signingSecret: string;
  clock: Clock;
}

async function schemas(ctx: TutorProfileContext) {
  return wizardStepSchemas(await loadReferenceData(ctx.db), ctx.clock.now());
}

export function parseOrThrow<T extends z.ZodMiniType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('VALIDATION_FAILED', result.error.issues[0]?.message ?? M.stepInvalid, fields);
}

export async function getDraft(
  ctx: TutorProfileContext,
  userId: string,
): Promise<ProfileDraftResponse> {
  const row = await repository.findDraft(ctx.db, userId);
  const saved = row?.completed_steps ?? [];
  const completedSteps = PROFILE_STEP_CODES.filter((code) => saved.includes(code));
  const draft = row?.draft ?? {};
  const avatarPath = (draft.media as { avatarPath?: string } | undefined)?.avatarPath;
  return {
    completedSteps,
    draft,
    resumeStep: resumeStep(completedSteps),
    avatarUrl: avatarPath ? signFileUrl(ctx.signingSecret, avatarPath, ctx.clock.now()) : null,
    isProfileCompleted:
      (await repository.findUserProfileCompleted(ctx.db, userId))?.is_profile_completed ?? false,
  };
}

/**
 * One step's values checked with the step's rules (and the photo being the tutor's own
 * upload): the wizard's draft and the Edit profile page both save through this.
 */
export async function validateStep<Step extends ProfileStepCode>(
  ctx: TutorProfileContext,
  userId: string,
  step: Step,
  data: unknown,
): Promise<StepData[Step]> {
  const parsed = parseOrThrow((await schemas(ctx))[step], data) as StepData[Step];
  if (step === 'media') {
    const { avatarPath } = parsed as StepData['media'];
    if (!(await repository.ownsFile(ctx.db, userId, avatarPath)))
      throw new AppError('VALIDATION_FAILED', M.avatarRequired);
  }
  return parsed;
}

/** Validates one step, stores it in the server-side draft and marks it completed. */
export async function saveStep(
  ctx: TutorProfileContext,
  userId: string,
  step: ProfileStepCode,
  data: unknown,
) {
  const parsed = await validateStep(ctx, userId, step, data);
  await repository.saveDraftStep(ctx.db, userId, step, parsed);
  return getDraft(ctx, userId);
}

/**
 * Turns a complete draft into the tutor's profile in one transaction: the profile (pending
 * approval: listed without the tick, ADR 020), subjects, languages, certificates and
 * availability, and the user marked profile-complete. Submitting again returns the same profile.
 */
export async function submitProfile(ctx: TutorProfileContext, userId: string) {
  const stepSchemas = await schemas(ctx);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await repository.lockUser(trx, userId);
    const existing = await repository.findProfileIdByUser(trx, userId);
    if (existing) return { tutorProfileId: existing.id, redirectTo: '/tutor/overview' };

    const row = await repository.findDraft(trx, userId);
    const draft = (row?.draft ?? {}) as Record<string, unknown>;
    const missing = PROFILE_STEP_CODES.find((code) => !(row?.completed_steps ?? []).includes(code));
    if (missing) throw new AppError('VALIDATION_FAILED', M.stepInvalid, { step: missing });
    const data = Object.fromEntries(
      PROFILE_STEP_CODES.map((code) => [code, parseOrThrow(stepSchemas[code], draft[code])]),
    ) as StepData;
    if (!(await repository.ownsFile(trx, userId, data.media.avatarPath))) {
      throw new AppError('VALIDATION_FAILED', M.avatarRequired);
    }

    // Pending from now on the app's clock: the approval queue is oldest first by this time.
    const profile = await repository.insertProfile(trx, {
      ...profileRow(userId, data),
      submitted_at: now,
    });
    await repository.insertProfileDetails(trx, {
      ...(await subjectsOf(trx, profile.id, data.subjects)),
      certificates: certificateRows(profile.id, data.education),
    });
    await repository.replaceAvailability(
      trx,
      profile.id,
      availabilityRows(profile.id, data.availability.timezone, data.availability.slots),
    );
    await repository.updateUser(trx, userId, {
      is_profile_completed: true,
      avatar_url: data.media.avatarPath,
      timezone: data.availability.timezone,
      ...basicInfoUserColumns(data.basic_info),
      updated_at: now,
    });
    await repository.deleteDraft(trx, userId);
    return {
      tutorProfileId: profile.id,
      redirectTo: landingPath({ role: 'tutor', isProfileCompleted: true }),
    };
  });
}

/** The subject and language rows of a step, with the reference ids of their names. */
export async function subjectsOf(
  db: Kysely<DB>,
  tutorProfileId: string,
  data: StepData['subjects'],
) {
  const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);
  return subjectAndLanguageRows(tutorProfileId, data, {
    subjects: await repository.idsByName(db, 'subjects', names(data.subjects)),
    languages: await repository.idsByName(db, 'languages', names(data.languages)),
  });
}

function profileRow(userId: string, data: StepData) {
  return {
    user_id: userId,
    ...basicInfoColumns(data.basic_info),
    ...educationColumns(data.education),
    ...teachingStyleColumns(data.teaching_style),
    ...mediaColumns(data.media),
    timezone: data.availability.timezone,
  };
}

export async function requireProfileId(db: Kysely<DB>, userId: string) {
  return profileIdOrNotFound(await repository.findProfileIdByUser(db, userId));
}

function profileIdOrNotFound(profile: { id: string } | undefined) {
  if (!profile) throw new AppError('NOT_FOUND', API_MESSAGES.tutorProfileMissing);
  return profile.id;
}

/** The tutor's own profile id; 404 until the wizard has been submitted. */
export async function getOwnProfileId(ctx: TutorProfileContext, userId: string) {
  return { tutorProfileId: await requireProfileId(ctx.db, userId) };
}

export async function getAvailability(ctx: TutorProfileContext, userId: string) {
  const profileId = await requireProfileId(ctx.db, userId);
  const rows = await repository.findAvailability(ctx.db, profileId);
  const profile = await repository.findProfileTimezone(ctx.db, profileId);
  const slots = rows.map((row) => ({
    dayOfWeek: row.local_day_of_week,
    startTime: row.local_start_time,
    endTime: row.local_end_time,
  }));
  return { timezone: profile.timezone, slots, weeklyHours: weeklyHours(slots) };
}

/**
 * Replaces the tutor's weekly availability (the schedule page's editor); may be empty. Under the
 * profile's row lock, so saves at once end with one whole set, never a mix of several.
 */
export async function replaceAvailability(
  ctx: TutorProfileContext,
  userId: string,
  input: unknown,
) {
  const { timezone, slots } = parseOrThrow(availabilitySchema({ allowEmpty: true }), input);
  await ctx.db.transaction().execute(async (trx) => {
    const profileId = profileIdOrNotFound(await repository.lockProfileByUser(trx, userId));
    const rows = availabilityRows(profileId, timezone, slots);
    await repository.replaceAvailability(trx, profileId, rows);
    await repository.updateProfileTimezone(trx, profileId, timezone);
    await repository.updateUser(trx, userId, { timezone });
  });
  return getAvailability(ctx, userId);
}
