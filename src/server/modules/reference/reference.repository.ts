import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

// Active reference rows in display order.

export function listSubjects(db: Kysely<DB>) {
  return db
    .selectFrom('subjects')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function listLanguages(db: Kysely<DB>) {
  return db
    .selectFrom('languages')
    .select(['id', 'name', 'code'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function listLevels(db: Kysely<DB>, table: 'language_levels' | 'subject_levels') {
  return db
    .selectFrom(table)
    .select(['code', 'name'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('code')
    .execute();
}

export function listEducationLevels(db: Kysely<DB>) {
  return db
    .selectFrom('education_levels')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function listProfileSteps(db: Kysely<DB>) {
  return db
    .selectFrom('profile_steps')
    .select(['id', 'code', 'title', 'description', 'icon'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function listSlotDurations(db: Kysely<DB>) {
  return db
    .selectFrom('slot_durations')
    .select([sql<string>`value::text`.as('value'), 'label', 'minutes', 'is_default'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('minutes')
    .execute();
}

export function listSettings(db: Kysely<DB>, keys: string[]) {
  return db
    .selectFrom('system_settings')
    .select(['setting_key', 'setting_value'])
    .where('is_active', '=', true)
    .where('setting_key', 'in', keys)
    .execute();
}
