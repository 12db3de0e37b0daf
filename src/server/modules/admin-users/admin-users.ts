import type { Kysely } from 'kysely';
import type { AdminUserDetail, AdminUserRow } from '../../../contracts/admin-users.contract';
import { RECENT_ROWS, USERS_PAGE_SIZE } from '../../../domain/admin/user-admin-rules';
import { ADMIN_USERS_MESSAGES as M } from '../../../domain/messages';
import { pageWindow } from '../../../domain/paging';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { partyOf } from '../account/cancel-party-lessons';
import { futureLessons } from '../account/closing.repository';
import * as repository from './admin-users.repository';

// The admin's users search and user page (issue #15): read-only views over every account.

export interface AdminUsersContext {
  db: Kysely<DB>;
  clock: Clock;
}

const toRow = (row: repository.UserRow): AdminUserRow => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  lastSignInAt: row.last_login_at?.toISOString() ?? null,
  // Only a tutor's profile is waiting for (or has) a decision.
  approvalStatus: row.role === 'tutor' ? (row.approval_status ?? null) : null,
});

/** One page of matching accounts, newest first (a page past the last: the last). */
export async function searchUsers(
  ctx: AdminUsersContext,
  query: repository.UserFilter & { page: number },
) {
  const filter = { q: query.q, role: query.role, status: query.status };
  const total = await repository.countUsers(ctx.db, filter);
  const { page, totalPages, rows } = pageWindow(query.page, total, USERS_PAGE_SIZE);
  const users = await repository.userPage(ctx.db, filter, rows);
  return { users: users.map(toRow), page, totalPages, total };
}

const toReport = (row: Awaited<ReturnType<typeof repository.reportsOf>>[number]) => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  details: row.details,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  otherName: row.other_name,
});

/** Everything the user page shows about one account. */
export async function adminUser(ctx: AdminUsersContext, id: string): Promise<AdminUserDetail> {
  const user = isUuid(id) ? await repository.findUser(ctx.db, id) : undefined;
  if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
  const now = ctx.clock.now();
  const party = await partyOf(ctx.db, id, user.role);
  const [counts, lessons, about, by, ahead] = await Promise.all([
    repository.lessonCounts(ctx.db, id, now),
    repository.recentLessons(ctx.db, id, RECENT_ROWS),
    repository.reportsOf(ctx.db, id, 'about', RECENT_ROWS),
    repository.reportsOf(ctx.db, id, 'by', RECENT_ROWS),
    party ? futureLessons(ctx.db, party, now) : [],
  ]);
  return {
    ...toRow(user),
    suspension:
      user.suspended_at && user.suspension_reason
        ? { at: user.suspended_at.toISOString(), reason: user.suspension_reason }
        : null,
    lessonCounts: counts,
    futureLessons: ahead.length,
    recentLessons: lessons.map((lesson) => ({
      id: lesson.id,
      subject: lesson.subject,
      startsAt: lesson.starts_at.toISOString(),
      status: lesson.status,
      as: lesson.as,
      otherName: lesson.other_name,
    })),
    reportsAbout: about.map(toReport),
    reportsBy: by.map(toReport),
  };
}
