import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/types';

// The tutor profile's SQL. A tutor's search words follow their name, subjects, languages and
// bio by themselves (database triggers), so no write here refreshes them.

type Db = Kysely<DB> | Transaction<DB>;

export function findDraft(db: Db, userId: string) {
  return db
    .selectFrom('tutor_profile_drafts')
    .select(['completed_steps', 'draft'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Stores one wizard step in the draft and marks it completed, in one statement that merges
 * into the row as it is when the write happens: concurrent saves of different steps all stay.
 */
export async function saveDraftStep(db: Db, userId: string, step: string, data: unknown) {
  await db
    .insertInto('tutor_profile_drafts')
    .values({ user_id: userId, completed_steps: [step], draft: JSON.stringify({ [step]: data }) })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        draft: sql`tutor_profile_drafts.draft || excluded.draft`,
        completed_steps: sql`case when ${step} = any (tutor_profile_drafts.completed_steps)
          then tutor_profile_drafts.completed_steps
          else array_append(tutor_profile_drafts.completed_steps, ${step}::text) end`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteDraft(db: Db, userId: string) {
  await db.deleteFrom('tutor_profile_drafts').where('user_id', '=', userId).execute();
}

export function findUserProfileCompleted(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select('is_profile_completed')
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Locks the user's row until the transaction ends: concurrent submissions take turns. */
export async function lockUser(trx: Transaction<DB>, userId: string) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function updateUser(db: Db, userId: string, values: Updateable<DB['users']>) {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

export function findProfileIdByUser(db: Db, userId: string) {
  return db
    .selectFrom('tutor_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The user's profile id, its row locked until the transaction ends: concurrent replacements of
 * the profile's availability take turns, each replacing the set the previous one left.
 */
export function lockProfileByUser(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('tutor_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function findProfileTimezone(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('tutor_profiles')
    .select('timezone')
    .where('id', '=', tutorProfileId)
    .executeTakeFirstOrThrow();
}

export async function updateProfileTimezone(db: Db, tutorProfileId: string, timezone: string) {
  await db
    .updateTable('tutor_profiles')
    .set({ timezone, updated_at: sql`now()` })
    .where('id', '=', tutorProfileId)
    .execute();
}

export async function countProfiles(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tutor_profiles')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function ownsFile(db: Db, userId: string, path: string) {
  return db
    .selectFrom('stored_files')
    .select('path')
    .where('path', '=', path)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
}

/** Reference ids by name. */
export async function idsByName(db: Db, table: 'subjects' | 'languages', names: string[]) {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('name', 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

export function insertProfile(trx: Transaction<DB>, profile: Insertable<DB['tutor_profiles']>) {
  return trx.insertInto('tutor_profiles').values(profile).returning('id').executeTakeFirstOrThrow();
}

/** The profile's subjects, languages and certificates; empty lists insert nothing. */
export async function insertProfileDetails(
  trx: Transaction<DB>,
  details: {
    subjects: Insertable<DB['tutor_subjects']>[];
    languages: Insertable<DB['tutor_languages']>[];
    certificates: Insertable<DB['tutor_certificates']>[];
  },
) {
  if (details.subjects.length)
    await trx.insertInto('tutor_subjects').values(details.subjects).execute();
  if (details.languages.length)
    await trx.insertInto('tutor_languages').values(details.languages).execute();
  if (details.certificates.length)
    await trx.insertInto('tutor_certificates').values(details.certificates).execute();
}

export function findAvailability(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('availability_slots')
    .select(['local_day_of_week', 'local_start_time', 'local_end_time', 'local_timezone'])
    .where('tutor_profile_id', '=', tutorProfileId)
    .orderBy('local_day_of_week')
    .orderBy('local_start_time')
    .execute();
}

/** Replaces the profile's weekly windows with `windows` (may be empty). */
export async function replaceAvailability(
  trx: Transaction<DB>,
  tutorProfileId: string,
  windows: Insertable<DB['availability_slots']>[],
) {
  await trx
    .deleteFrom('availability_slots')
    .where('tutor_profile_id', '=', tutorProfileId)
    .execute();
  if (windows.length) await trx.insertInto('availability_slots').values(windows).execute();
}

/** The submitted profile's own columns and the photo students see (the user's). */
export function findProfileForEditing(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .selectAll('tp')
    .select('u.avatar_url')
    .where('tp.id', '=', tutorProfileId)
    .executeTakeFirstOrThrow();
}

/** Subjects and languages by name with their levels, in the order they were added. */
export async function findProfileSubjectsAndLanguages(db: Db, tutorProfileId: string) {
  const subjects = await db
    .selectFrom('tutor_subjects as ts')
    .innerJoin('subjects as s', 's.id', 'ts.subject_id')
    .select(['s.name', 'ts.proficiency_level as level'])
    .where('ts.tutor_profile_id', '=', tutorProfileId)
    .orderBy('ts.created_at')
    .orderBy('s.name')
    .execute();
  const languages = await db
    .selectFrom('tutor_languages as tl')
    .innerJoin('languages as l', 'l.id', 'tl.language_id')
    .select(['l.name', 'tl.proficiency_level as level'])
    .where('tl.tutor_profile_id', '=', tutorProfileId)
    .orderBy('tl.created_at')
    .orderBy('l.name')
    .execute();
  return { subjects, languages };
}

export function findCertificates(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('tutor_certificates')
    .select(['name', 'issued_by', 'year', 'url'])
    .where('tutor_profile_id', '=', tutorProfileId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

export async function updateProfile(
  db: Db,
  tutorProfileId: string,
  values: Updateable<DB['tutor_profiles']>,
) {
  await db
    .updateTable('tutor_profiles')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', tutorProfileId)
    .execute();
}

/** Removes the profile's rows of the given detail tables, before they are written anew. */
export async function deleteProfileDetails(
  trx: Transaction<DB>,
  tutorProfileId: string,
  tables: readonly ('tutor_subjects' | 'tutor_languages' | 'tutor_certificates')[],
) {
  for (const table of tables)
    await trx.deleteFrom(table).where('tutor_profile_id', '=', tutorProfileId).execute();
}
