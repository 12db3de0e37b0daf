import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { lessonRows } from '../lessons/lessons.repository';
import { wasBooked } from '../lessons/lessons-people-see.repository';

// Every query of the calendar feed: the feeds' rows (by user, by token hash) and the lessons a
// feed shows. The lessons' own columns and joins are the lessons module's (lessonRows).

/** A user's feed that still answers: not revoked (at most one, by a unique index). */
const activeOf = (userId: string) => ({ user_id: userId, revoked_at: null });

export function activeFeedOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where((eb) => eb.and(activeOf(userId)))
    .executeTakeFirst();
}

/**
 * Revokes the user's active feed and stores the new token's hash, in one transaction: the old
 * link stops answering when the new one starts. The user's row is locked first, so two
 * requests at once queue rather than both insert an active feed.
 */
export async function replaceFeed(db: Kysely<DB>, userId: string, tokenHash: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await revokeFeeds(trx, userId, now);
    return trx
      .insertInto('calendar_feeds')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now })
      .returning('created_at')
      .executeTakeFirstOrThrow();
  });
}

/** Stamps the user's active feed revoked (none: nothing to do). */
export async function revokeFeeds(db: Kysely<DB>, userId: string, now: Date) {
  await db
    .updateTable('calendar_feeds')
    .set({ revoked_at: now })
    .where((eb) => eb.and(activeOf(userId)))
    .execute();
}

/** Whose lessons a token hash opens: an active feed of an account that is not closed. */
export function feedOwner(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('tutor_profiles as tp', 'tp.user_id', 'u.id')
    .select([
      'u.id',
      'u.role',
      // The account's zone (ADR 026); a tutor's teaching zone for an account that has none yet.
      sql<string | null>`coalesce(u.timezone, tp.timezone)`.as('timezone'),
      'tp.id as tutor_profile_id',
    ])
    .where((eb) => eb.and({ 'f.token_hash': tokenHash, 'f.revoked_at': null, 'u.closed_at': null }))
    .executeTakeFirst();
}

/**
 * A party's booked lessons (canceled ones too, which the feed marks) that end after `since`,
 * soonest first. Holds awaiting payment and lapsed holds were never booked: they are left out.
 */
export function feedLessons(
  db: Kysely<DB>,
  party: { studentId: string } | { tutorProfileId: string },
  since: Date,
) {
  const query = lessonRows(db)
    .select(['l.created_at', 'l.updated_at', 'l.revision'])
    .where('l.ends_at', '>', since)
    // A checkout never paid was never in anyone's calendar (issue #29). A moved lesson's old
    // row stays, CANCELLED, so that calendars drop the old time.
    .where(wasBooked);
  const ofParty =
    'studentId' in party
      ? query.where('l.student_id', '=', party.studentId)
      : query.where('l.tutor_profile_id', '=', party.tutorProfileId);
  return ofParty.orderBy('l.starts_at').orderBy('l.id').execute();
}

export type FeedLessonRow = Awaited<ReturnType<typeof feedLessons>>[number];
