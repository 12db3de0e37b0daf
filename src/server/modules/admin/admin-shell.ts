import type { Kysely } from 'kysely';
import {
  ACTIVE_USER_DAYS,
  AUDIT_PAGE_SIZE,
  type AuditEntryView,
  type getAdminOverview,
  type listAuditLog,
} from '../../../contracts/admin.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import { pageWindow } from '../../../domain/paging';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import * as repository from './admin-shell.repository';

// The admin shell's use cases: the platform counts and the audit log, read only.

export interface AdminShellContext {
  db: Kysely<DB>;
  clock: Clock;
}

const DAY_MS = 86_400_000;

export async function overviewCounts(
  ctx: AdminShellContext,
): Promise<EndpointOutput<typeof getAdminOverview>> {
  const activeSince = new Date(ctx.clock.now().getTime() - ACTIVE_USER_DAYS * DAY_MS);
  const row = await repository.platformCounts(ctx.db, activeSince);
  return {
    activeUsers: Number(row.active_users ?? 0),
    pendingVerifications: Number(row.pending_verifications ?? 0),
    reportedIssues: Number(row.reported_issues ?? 0),
  };
}

type AuditRow = Awaited<ReturnType<typeof repository.auditRows>>[number];

function toView(row: AuditRow): AuditEntryView {
  const person = (id: string | null, name: string | null, email: string | null) =>
    id === null ? null : { id, name: name ?? '', email: email ?? '' };
  return {
    id: row.id,
    action: row.action,
    admin: person(row.admin_id, row.admin_name, row.admin_email),
    target: person(row.target_id, row.target_name, row.target_email),
    reason: row.reason,
    reportId: row.report_id,
    reviewId: row.review_id,
    createdAt: row.created_at.toISOString(),
  };
}

/** One page of the audit log, newest first (a page past the last: the last). */
export async function auditPage(
  ctx: AdminShellContext,
  requestedPage: number,
): Promise<EndpointOutput<typeof listAuditLog>> {
  const total = await repository.countAuditEntries(ctx.db);
  const { page, totalPages, rows } = pageWindow(requestedPage, total, AUDIT_PAGE_SIZE);
  const entries = await repository.auditRows(ctx.db, rows);
  return { entries: entries.map(toView), page, totalPages, total };
}
