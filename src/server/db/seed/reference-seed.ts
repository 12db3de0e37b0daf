import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_REFERENCE_DATA as defaults } from '../../../domain/reference/reference-defaults';
import type { DB } from '../types';

type ReferenceTable =
  | 'subjects'
  | 'languages'
  | 'language_levels'
  | 'subject_levels'
  | 'education_levels'
  | 'profile_steps'
  | 'slot_durations';

async function isEmpty(trx: Transaction<DB>, table: ReferenceTable) {
  const row = await trx
    .selectFrom(table)
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}

const ordered = <T>(rows: T[]) => rows.map((row, index) => ({ ...row, display_order: index + 1 }));

/**
 * Fills each empty reference table with the spec's rows. A table that has rows is left
 * alone, so an operator's renames, deletions, deactivations and reordering survive restarts;
 * later additions to the catalogue arrive as migrations.
 */
export async function seedReferenceData(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Replicas starting together on a new database: one fills the tables, the others then
    // find them filled (without the lock each saw them empty and all but one failed).
    await sql`select pg_advisory_xact_lock(hashtext('tutora:reference-seed'))`.execute(trx);
    if (await isEmpty(trx, 'subjects')) {
      await trx
        .insertInto('subjects')
        .values(ordered(defaults.subjects.map(({ name }) => ({ name }))))
        .execute();
    }
    if (await isEmpty(trx, 'languages')) {
      await trx
        .insertInto('languages')
        .values(ordered(defaults.languages.map(({ name, code }) => ({ name, code }))))
        .execute();
    }
    if (await isEmpty(trx, 'language_levels')) {
      await trx.insertInto('language_levels').values(ordered(defaults.languageLevels)).execute();
    }
    if (await isEmpty(trx, 'subject_levels')) {
      await trx.insertInto('subject_levels').values(ordered(defaults.subjectLevels)).execute();
    }
    if (await isEmpty(trx, 'education_levels')) {
      await trx
        .insertInto('education_levels')
        .values(ordered(defaults.educationLevels.map(({ name }) => ({ name }))))
        .execute();
    }
    if (await isEmpty(trx, 'profile_steps')) {
      await trx
        .insertInto('profile_steps')
        .values(ordered(defaults.profileSteps.map(({ id: _id, ...step }) => step)))
        .execute();
    }
    if (await isEmpty(trx, 'slot_durations')) {
      await trx
        .insertInto('slot_durations')
        .values(
          ordered(
            defaults.slotDurations.map(({ value, label, minutes, isDefault }) => ({
              value,
              label,
              minutes,
              is_default: isDefault,
            })),
          ),
        )
        .execute();
    }
    // Settings are identified by key: add any key that is missing, never overwrite a value.
    await trx
      .insertInto('system_settings')
      .values(
        ordered([
          {
            setting_key: 'days_of_week',
            setting_value: JSON.stringify(defaults.settings.daysOfWeek),
          },
          {
            setting_key: 'tutor_profile_limits',
            setting_value: JSON.stringify(defaults.settings.tutorProfileLimits),
          },
        ]),
      )
      .onConflict((oc) => oc.column('setting_key').doNothing())
      .execute();
  });
}
