import { sql, type Kysely, type Transaction } from 'kysely';
import type { ApprovalStatus, Decision } from '../../../domain/admin/moderation';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';

// Every query of the approval queue. Functions take the database or the open transaction first.

type Db = Kysely<DB> | Transaction<DB>;

/** A profile waits in the queue while pending and its account is open and not suspended. */
function pendingProfiles(db: Db) {
  return db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .where('tp.approval_status', '=', 'pending')
    .where('u.closed_at', 'is', null)
    .where('u.suspended_at', 'is', null);
}

/** One page of the queue's profile ids, oldest submission first (the queue's index order). */
export async function pendingPage(db: Db, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    pendingProfiles(db)
      .select('tp.id')
      .orderBy('tp.submitted_at')
      .orderBy('tp.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    pendingProfiles(db)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: count.total };
}

/** What the queue shows besides the public profile: who, and where the profile stands. */
export function approvalState(db: Db, profileId: string) {
  return db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(['tp.id', 'tp.user_id', 'u.email', 'tp.approval_status', 'tp.submitted_at'])
    .where('tp.id', '=', profileId)
    .executeTakeFirst();
}

/**
 * The profile's account, locked against a suspension or closing until the decision commits;
 * undefined for an unknown profile.
 */
export function lockAccountOf(trx: Transaction<DB>, profileId: string) {
  return trx
    .selectFrom('users')
    .select(['closed_at', 'suspended_at'])
    .where('id', '=', (eb) =>
      eb.selectFrom('tutor_profiles').select('user_id').where('id', '=', profileId),
    )
    .forShare()
    .executeTakeFirst();
}

export function profileOfUser(db: Db, userId: string) {
  return db
    .selectFrom('tutor_profiles')
    .select(['id', 'approval_status', 'submitted_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Every decision on a profile, newest first, with the deciding admin's name. */
export function decisionsOf(db: Db, profileId: string) {
  return db
    .selectFrom('tutor_profile_decisions as d')
    .innerJoin('users as a', 'a.id', 'd.admin_id')
    .select(['d.decision', 'd.reason', 'd.note', 'd.created_at', fullName('a').as('admin_name')])
    .where('d.tutor_profile_id', '=', profileId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}
export type DecisionRow = Awaited<ReturnType<typeof decisionsOf>>[number];

/**
 * Moves a profile from `from` to `to`, only if it is still in `from`: two admins deciding at
 * once (or a tutor resubmitting twice) end with one change; the other finds no row.
 */
export function moveStatus(
  trx: Transaction<DB>,
  profileId: string,
  from: ApprovalStatus,
  to: ApprovalStatus,
  submittedAt?: Date,
) {
  return trx
    .updateTable('tutor_profiles')
    .set({ approval_status: to, ...(submittedAt && { submitted_at: submittedAt }) })
    .where('id', '=', profileId)
    .where('approval_status', '=', from)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

export async function insertDecision(
  trx: Transaction<DB>,
  decision: {
    profileId: string;
    adminId: string;
    decision: Decision;
    reason: string | null;
    note: string;
    at: Date;
  },
) {
  await trx
    .insertInto('tutor_profile_decisions')
    .values({
      tutor_profile_id: decision.profileId,
      admin_id: decision.adminId,
      decision: decision.decision,
      reason: decision.reason,
      note: decision.note,
      created_at: decision.at,
    })
    .execute();
}

/** The tutor's address and first name, for the decision's email. */
export function tutorContact(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
