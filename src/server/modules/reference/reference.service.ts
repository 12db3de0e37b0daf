import type { Kysely } from 'kysely';
import {
  referenceDataResponse,
  type ReferenceDataResponse,
} from '../../../contracts/reference.contract';
import { DEFAULT_REFERENCE_DATA } from '../../../domain/reference/reference-defaults';
import type { DB } from '../../db/types';
import * as repository from './reference.repository';

const settingsSchema = referenceDataResponse.shape.settings.shape;

/**
 * Everything the forms need, in one read. A setting that is missing, inactive or malformed
 * falls back to the spec's default rather than breaking every form that uses it.
 */
export async function loadReferenceData(db: Kysely<DB>): Promise<ReferenceDataResponse> {
  const [subjects, languages, languageLevels, subjectLevels, educationLevels, steps, durations] =
    await Promise.all([
      repository.listSubjects(db),
      repository.listLanguages(db),
      repository.listLevels(db, 'language_levels'),
      repository.listLevels(db, 'subject_levels'),
      repository.listEducationLevels(db),
      repository.listProfileSteps(db),
      repository.listSlotDurations(db),
    ]);
  const settings = new Map(
    (await repository.listSettings(db, ['days_of_week', 'tutor_profile_limits'])).map((row) => [
      row.setting_key,
      row.setting_value,
    ]),
  );
  const daysOfWeek = settingsSchema.daysOfWeek.safeParse(settings.get('days_of_week'));
  const limits = settingsSchema.tutorProfileLimits.safeParse(settings.get('tutor_profile_limits'));

  return referenceDataResponse.parse({
    subjects,
    languages,
    languageLevels,
    subjectLevels,
    educationLevels,
    profileSteps: steps,
    slotDurations: durations.map(({ is_default, ...row }) => ({ ...row, isDefault: is_default })),
    settings: {
      daysOfWeek: daysOfWeek.success ? daysOfWeek.data : DEFAULT_REFERENCE_DATA.settings.daysOfWeek,
      tutorProfileLimits: limits.success
        ? limits.data
        : DEFAULT_REFERENCE_DATA.settings.tutorProfileLimits,
    },
  });
}
