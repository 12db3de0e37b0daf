import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types';

// The SQL of the account's own fields (Better Auth owns passwords, sessions and codes).

type Db = Kysely<DB> | Transaction<DB>;

export function findAccount(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'email',
      'first_name',
      'last_name',
      'role',
      'timezone',
      'avatar_url',
      'has_password',
      'closed_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function updateNamesAndZone(
  db: Db,
  userId: string,
  values: { firstName: string; lastName: string; timezone: string; now: Date },
) {
  await db
    .updateTable('users')
    .set({
      first_name: values.firstName,
      last_name: values.lastName,
      full_name: `${values.firstName} ${values.lastName}`,
      timezone: values.timezone,
      updated_at: values.now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function setTimezone(db: Db, userId: string, timezone: string, now: Date) {
  await db
    .updateTable('users')
    .set({ timezone, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** The account's photo; a tutor's public profile shows the same one. */
export async function setPhoto(
  trx: Transaction<DB>,
  userId: string,
  path: string | null,
  now: Date,
) {
  await trx
    .updateTable('users')
    .set({ avatar_url: path, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('tutor_profiles')
    .set({ avatar_path: path, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}
