import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/types';

export async function insertStoredFile(db: Kysely<DB>, file: Insertable<DB['stored_files']>) {
  await db.insertInto('stored_files').values(file).execute();
}

/** Deletes the file's row when `ownerId` owns it; undefined when there was no such row. */
export function deleteOwnedFile(db: Kysely<DB>, path: string, ownerId: string) {
  return db
    .deleteFrom('stored_files')
    .where('path', '=', path)
    .where('owner_id', '=', ownerId)
    .returning('path')
    .executeTakeFirst();
}

export function findStoredFile(db: Kysely<DB>, path: string) {
  return db
    .selectFrom('stored_files')
    .select(['content_type'])
    .where('path', '=', path)
    .executeTakeFirst();
}
