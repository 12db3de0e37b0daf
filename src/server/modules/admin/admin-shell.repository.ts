import type { Kysely } from 'kysely';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';

// All SQL of the admin shell: the platform counts and the audit log's pages.

/** The sidebar's three counts in one round trip (three scalar subqueries). */
export function platformCounts(db: Kysely<DB>, activeSince: Date) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<number>().as('n'))
        .where('closed_at', 'is', null)
        .where('suspended_at', 'is', null)
        .where('last_login_at', '>=', activeSince)
        .as('active_users'),
      eb
        .selectFrom('tutor_profiles as tp')
        .innerJoin('users as u', 'u.id', 'tp.user_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('tp.approval_status', '=', 'pending')
        .where('u.closed_at', 'is', null)
        .where('u.suspended_at', 'is', null)
        .as('pending_verifications'),
      eb
        .selectFrom('reports')
        .select(eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open')
        .as('reported_issues'),
    ])
    .executeTakeFirstOrThrow();
}

export async function countAuditEntries(db: Kysely<DB>) {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A page of the audit log, newest first, with the acting admin and the target user. */
export function auditRows(db: Kysely<DB>, rows: { limit: number; offset: number }) {
  return db
    .selectFrom('audit_log as l')
    .leftJoin('users as a', 'a.id', 'l.admin_id')
    .leftJoin('users as t', 't.id', 'l.target_user_id')
    .select([
      'l.id',
      'l.action',
      'l.reason',
      'l.report_id',
      'l.review_id',
      'l.created_at',
      'a.id as admin_id',
      fullName('a').as('admin_name'),
      'a.email as admin_email',
      't.id as target_id',
      fullName('t').as('target_name'),
      't.email as target_email',
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(rows.limit)
    .offset(rows.offset)
    .execute();
}
