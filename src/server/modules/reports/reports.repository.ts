import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportKind, ReportReason, ReportStatus } from '../../../domain/admin/moderation';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';

// Every query of reports and of hiding reviews. Functions take the database or the open
// transaction first.

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Makes one reporter's reports wait for each other until the transaction ends, so two at once
 * can neither both pass the rate limit nor both open the same report.
 */
export async function lockReporter(trx: Transaction<DB>, reporterId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`tutora:reports:${reporterId}`}))`.execute(trx);
}

/** An open account (not closed) that can be reported. */
export const openUser = (db: Db, id: string) =>
  db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();

/** A review shown on a profile (not hidden), with its author, whose account is open. */
export const visibleReview = (db: Db, id: string) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.student_id')
    .select(['r.id', 'r.student_id'])
    .where('r.id', '=', id)
    .where('r.hidden_at', 'is', null)
    .where('u.closed_at', 'is', null)
    .executeTakeFirst();

/** A message the user received (sent to them in one of their conversations). */
export const receivedMessage = (db: Db, id: string, recipientId: string) =>
  db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.sender_id'])
    .where('m.id', '=', id)
    .where('m.sender_id', '<>', recipientId)
    .where((eb) =>
      eb.or([eb('c.student_id', '=', recipientId), eb('c.tutor_id', '=', recipientId)]),
    )
    .executeTakeFirst();

/** The reporter's open report on the same thing, if any. */
export function openReportOn(
  db: Db,
  target: {
    reporterId: string;
    kind: ReportKind;
    reportedUserId: string;
    reviewId: string | null;
    messageId: string | null;
  },
) {
  let query = db
    .selectFrom('reports')
    .select(['id', 'kind', 'status', 'created_at'])
    .where('reporter_id', '=', target.reporterId)
    .where('kind', '=', target.kind)
    .where('reported_user_id', '=', target.reportedUserId)
    .where('status', '=', 'open');
  if (target.reviewId) query = query.where('review_id', '=', target.reviewId);
  if (target.messageId) query = query.where('message_id', '=', target.messageId);
  return query.executeTakeFirst();
}

/** How many reports the reporter sent since `since`, and when the oldest of them was sent. */
export async function reportsSince(db: Db, reporterId: string, since: Date) {
  const row = await db
    .selectFrom('reports')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest as Date | null };
}

export function insertReport(
  db: Db,
  report: {
    reporterId: string;
    kind: ReportKind;
    reportedUserId: string;
    reviewId: string | null;
    messageId: string | null;
    reason: ReportReason;
    details: string;
    now: Date;
  },
) {
  return db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      kind: report.kind,
      reported_user_id: report.reportedUserId,
      review_id: report.reviewId,
      message_id: report.messageId,
      reason: report.reason,
      details: report.details,
      created_at: report.now,
    })
    .returning(['id', 'kind', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Reports with the people and the review they are shown with to the admin. */
function adminReportRows(db: Db) {
  return db
    .selectFrom('reports as rp')
    .innerJoin('users as by', 'by.id', 'rp.reporter_id')
    .innerJoin('users as ru', 'ru.id', 'rp.reported_user_id')
    .leftJoin('users as ad', 'ad.id', 'rp.resolved_by')
    .leftJoin('reviews as rv', 'rv.id', 'rp.review_id')
    .leftJoin('tutor_profiles as tp', 'tp.id', 'rv.tutor_profile_id')
    .leftJoin('users as tu', 'tu.id', 'tp.user_id')
    .leftJoin('messages as msg', 'msg.id', 'rp.message_id')
    .select([
      'rp.id',
      'rp.kind',
      'rp.status',
      'rp.reason',
      'rp.details',
      'rp.created_at',
      'rp.resolved_at',
      'by.id as reporter_id',
      fullName('by').as('reporter_name'),
      'by.email as reporter_email',
      'by.role as reporter_role',
      'ru.id as reported_id',
      fullName('ru').as('reported_name'),
      'ru.email as reported_email',
      'ru.role as reported_role',
      'ru.suspended_at as reported_suspended_at',
      fullName('ad').as('resolver_name'),
      'rv.id as review_id',
      'rv.rating as review_rating',
      'rv.comment as review_text',
      'rv.hidden_at as review_hidden_at',
      'tp.id as review_tutor_profile_id',
      fullName('tu').as('review_tutor_name'),
      'msg.id as message_id',
      'msg.body as message_text',
      'msg.sent_at as message_sent_at',
      'msg.conversation_id as message_conversation_id',
    ])
    .select((eb) =>
      // The admin's words when it was resolved: the latest audit record naming the report.
      eb
        .selectFrom('audit_log as al')
        .select('al.reason')
        .whereRef('al.report_id', '=', 'rp.id')
        .orderBy('al.id', 'desc')
        .limit(1)
        .as('resolution_note'),
    );
}
export type AdminReportRow = Awaited<
  ReturnType<ReturnType<typeof adminReportRows>['execute']>
>[number];

export const adminReportById = (db: Db, id: string) =>
  adminReportRows(db).where('rp.id', '=', id).executeTakeFirst();

/** Open reports oldest first, or resolved ones newest first; a page and the total. */
export async function adminReportsPage(
  db: Db,
  filter: 'open' | 'resolved',
  page: { limit: number; offset: number },
) {
  const open = filter === 'open';
  let rows = adminReportRows(db).where('rp.status', open ? '=' : '<>', 'open');
  rows = open
    ? rows.orderBy('rp.created_at', 'asc').orderBy('rp.id', 'asc')
    : rows.orderBy('rp.resolved_at', 'desc').orderBy('rp.id', 'desc');
  const [found, { total }] = await Promise.all([
    rows.limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('status', open ? '=' : '<>', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: Number(total) };
}

/** A report an admin acts on, locked until the transaction ends. */
export const lockReport = (trx: Transaction<DB>, id: string) =>
  trx
    .selectFrom('reports')
    .select(['id', 'status', 'review_id', 'reported_user_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/**
 * The open reports an admin action settles: one report, every report on a review (hiding it),
 * or the reports about an account itself (suspending it; reports on its reviews stay open, as
 * the reviews stay on their profiles).
 */
export type ReportsToResolve =
  { reportId: string } | { reviewId: string } | { userReportsAbout: string };

/** Resolves the open reports `which` names; answers their ids. */
export async function resolveReports(
  trx: Transaction<DB>,
  which: ReportsToResolve,
  status: Exclude<ReportStatus, 'open'>,
  adminId: string,
  now: Date,
) {
  let query = trx
    .updateTable('reports')
    .set({ status, resolved_at: now, resolved_by: adminId })
    .where('status', '=', 'open');
  if ('reportId' in which) query = query.where('id', '=', which.reportId);
  else if ('reviewId' in which) query = query.where('review_id', '=', which.reviewId);
  else
    query = query.where('kind', '=', 'user').where('reported_user_id', '=', which.userReportsAbout);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export const lockReview = (trx: Transaction<DB>, id: string) =>
  trx
    .selectFrom('reviews')
    .select(['id', 'student_id', 'hidden_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** Hides (a time) or restores (null) a review; the rating trigger updates the tutor's numbers. */
export async function setReviewHidden(trx: Transaction<DB>, id: string, hiddenAt: Date | null) {
  await trx.updateTable('reviews').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
}
