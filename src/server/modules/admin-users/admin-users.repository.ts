import { sql, type Kysely, type Transaction } from 'kysely';
import type { UserRole } from '../../../domain/accounts/account-rules';
import type { UserStatus } from '../../../domain/admin/user-admin-rules';
import { fullName } from '../../db/full-name';
import { PLANNED_FOR_ITS_VALUES } from '../../db/named-statements';
import type { DB } from '../../db/types';
import { lessonsWithParties } from '../lessons/lessons.repository';
import { notReplaced, wasBooked } from '../lessons/lessons-people-see.repository';
import { containsPattern } from '../../db/contains-pattern';

// The admin's users pages: every account, whatever its state, with its tutor profile's
// approval, lessons and reports; and the suspension columns of the users row.

type Db = Kysely<DB> | Transaction<DB>;

export interface UserFilter {
  q: string;
  role?: UserRole;
  status?: UserStatus;
}

const STATUS = sql<UserStatus>`case when u.closed_at is not null then 'closed' when u.suspended_at is not null then 'suspended' else 'active' end`;

function usersMatching(db: Db, filter: UserFilter) {
  let query = db.selectFrom('users as u').leftJoin('tutor_profiles as tp', 'tp.user_id', 'u.id');
  if (filter.q) {
    // A substring of the name or the email, whatever the case; % and _ are plain characters.
    const pattern = containsPattern(filter.q);
    query = query
      .where((eb) =>
        eb.or([
          eb(sql`lower(${fullName('u')})`, 'like', pattern),
          eb(sql`lower(u.email)`, 'like', pattern),
        ]),
      )
      .modifyEnd(PLANNED_FOR_ITS_VALUES);
  }
  if (filter.role) query = query.where('u.role', '=', filter.role);
  if (filter.status === 'closed') query = query.where('u.closed_at', 'is not', null);
  if (filter.status === 'suspended')
    query = query.where('u.closed_at', 'is', null).where('u.suspended_at', 'is not', null);
  if (filter.status === 'active')
    query = query.where('u.closed_at', 'is', null).where('u.suspended_at', 'is', null);
  return query;
}

const userColumns = [
  'u.id',
  fullName('u').as('name'),
  'u.email',
  'u.role',
  STATUS.as('status'),
  'u.created_at',
  'u.last_login_at',
  'u.suspended_at',
  'u.suspension_reason',
  'tp.approval_status',
] as const;

export async function countUsers(db: Db, filter: UserFilter) {
  const row = await usersMatching(db, filter)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A page of matching accounts, newest first. */
export function userPage(db: Db, filter: UserFilter, rows: { limit: number; offset: number }) {
  return usersMatching(db, filter)
    .select(userColumns)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(rows.limit)
    .offset(rows.offset)
    .execute();
}
export type UserRow = Awaited<ReturnType<typeof userPage>>[number];

export function findUser(db: Db, id: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('tutor_profiles as tp', 'tp.user_id', 'u.id')
    .select(userColumns)
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** The user's lessons on either side; holds that were never booked do not count. */
const lessonsOf = (db: Db, userId: string) =>
  lessonsWithParties(db)
    .where((eb) => eb.or([eb('l.student_id', '=', userId), eb('tu.id', '=', userId)]))
    .where(wasBooked)
    .where(notReplaced);

export async function lessonCounts(db: Db, userId: string, now: Date) {
  const row = await lessonsOf(db, userId)
    .select([
      sql<number>`count(*) filter (where l.status in ('pending', 'scheduled', 'in_progress') and l.ends_at > ${now})::int`.as(
        'upcoming',
      ),
      sql<number>`count(*) filter (where l.status = 'completed')::int`.as('completed'),
      sql<number>`count(*) filter (where l.status = 'canceled')::int`.as('canceled'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** The user's latest lessons (by start, newest first), with the other party's name. */
export function recentLessons(db: Db, userId: string, limit: number) {
  return lessonsOf(db, userId)
    .select([
      'l.id',
      's.name as subject',
      'l.starts_at',
      'l.status',
      sql<
        'student' | 'tutor'
      >`case when l.student_id = ${userId} then 'student' else 'tutor' end`.as('as'),
      sql<string>`case when l.student_id = ${userId} then ${fullName('tu')} else ${fullName('su')} end`.as(
        'other_name',
      ),
    ])
    .orderBy('l.starts_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}

/** Reports about the user (`about`) or made by them (`by`), newest first, with the other name. */
export function reportsOf(db: Db, userId: string, side: 'about' | 'by', limit: number) {
  const [mine, other] =
    side === 'about'
      ? (['r.reported_user_id', 'r.reporter_id'] as const)
      : (['r.reporter_id', 'r.reported_user_id'] as const);
  return db
    .selectFrom('reports as r')
    .innerJoin('users as o', 'o.id', other)
    .select([
      'r.id',
      'r.kind',
      'r.reason',
      'r.details',
      'r.status',
      'r.created_at',
      fullName('o').as('other_name'),
    ])
    .where(mine, '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** Locks the users row for a suspension or a restore. */
export function lockUser(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'role', 'closed_at', 'suspended_at', 'first_name', 'last_name'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setSuspension(
  trx: Transaction<DB>,
  id: string,
  suspension: { at: Date; reason: string } | null,
  now: Date,
) {
  await trx
    .updateTable('users')
    .set({
      suspended_at: suspension?.at ?? null,
      suspension_reason: suspension?.reason ?? null,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function endSessions(trx: Transaction<DB>, userId: string) {
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
