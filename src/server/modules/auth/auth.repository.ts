import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

// The account SQL of our own (Better Auth keeps its tables through its own adapter).

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'social_auth_provider', 'has_password', 'is_email_verified'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Removes the unverified user a sign-up attempt started at `since` created. */
export async function deleteUnverifiedUserSince(db: Kysely<DB>, email: string, since: Date) {
  await db
    .deleteFrom('users')
    .where('email', '=', email)
    .where('is_email_verified', '=', false)
    .where('created_at', '>=', since)
    .execute();
}

export async function markHasPassword(db: Kysely<DB>, userId: string) {
  await db.updateTable('users').set({ has_password: true }).where('id', '=', userId).execute();
}

/** The admin's reason when the user is suspended, else undefined. */
export async function suspensionOf(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom('users')
    .select('suspension_reason')
    .where('id', '=', userId)
    .where('suspended_at', 'is not', null)
    .executeTakeFirst();
  return row?.suspension_reason ? { reason: row.suspension_reason } : undefined;
}

export async function recordLogin(db: Kysely<DB>, userId: string, at: Date) {
  await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

/**
 * Counts one hit on `key` at `now` in a fixed window of `windowSeconds` that starts at the
 * first hit: the count so far in the current window, and the seconds until that window ends.
 */
export function countHit(db: Kysely<DB>, key: string, windowSeconds: number, now: Date) {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const at = sql`${now}::timestamptz`;
  return db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start <= ${at} - ${window} then 1 else rate_limits.count + 1 end`,
        window_start: sql`case when rate_limits.window_start <= ${at} - ${window} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning([
      'count',
      sql<number>`ceil(extract(epoch from (window_start + ${window} - ${at})))::int`.as(
        'retry_after',
      ),
    ])
    .executeTakeFirstOrThrow();
}

/** A session by its token with its user, in one indexed read (session-reader.ts, ADR 021). */
export function sessionWithUser(db: Kysely<DB>, token: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.email',
      'u.is_email_verified',
      'u.avatar_url',
      'u.first_name',
      'u.last_name',
      'u.role',
      'u.is_profile_completed',
      'u.social_auth_provider',
      'u.timezone',
      'u.suspended_at',
      's.expires_at',
    ])
    .where('s.token', '=', token)
    .executeTakeFirst();
}
