import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export function findDraft(db: Db, userId: string) {
  return db
    .selectFrom('tutor_profile_drafts')
    .select(['completed_steps', 'draft'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function saveDraft(
  db: Db,
  userId: string,
  completedSteps: string[],
  draft: Record<string, unknown>,
) {
  const values = { completed_steps: completedSteps, draft: JSON.stringify(draft) };
  return db
    .insertInto('tutor_profile_drafts')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

export function findProfileIdByUser(db: Db, userId: string) {
  return db
    .selectFrom('tutor_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function ownsFile(db: Db, userId: string, path: string) {
  return db
    .selectFrom('stored_files')
    .select('path')
    .where('path', '=', path)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
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
