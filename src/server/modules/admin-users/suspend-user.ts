import type { RestoreUserInput, SuspendUserInput } from '../../../domain/admin/user-admin-rules';
import { ADMIN_USERS_MESSAGES as M } from '../../../domain/messages';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import { accountRestoredEmail, accountSuspendedEmail } from '../../adapters/mail/suspension-emails';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { ACCOUNT_JOBS } from '../account/account.jobs';
import { endFutureLessons, partyOf } from '../account/cancel-party-lessons';
import { recordAudit } from '../audit/audit.repository';
import * as reports from '../reports/reports.repository';
import { adminUser, type AdminUsersContext } from './admin-users';
import * as repository from './admin-users.repository';
import { transactionRetriedOnce } from '../../db/retry-on-conflict';

// Suspending an account (issue #15), in one transaction: the row marked with the admin's reason,
// every session ended (the next request with their cookie is refused), their future lessons
// canceled with full refunds as when an account closes (the other side told it was canceled,
// never why), the reports about the account settled, the audit log written and the user
// emailed. A suspended tutor leaves search and their profile page by themselves: the database
// unlists a tutor whose user row is suspended (migration 020). Restoring lifts it; lessons stay
// canceled.

export interface SuspensionContext extends AdminUsersContext {
  jobs: JobQueue;
  env: { PUBLIC_URL: string };
}

/** One suspension refund per payment: a payment refunded in full is never owed again. */
const suspensionRefundKey = (paymentId: string) => `account-suspended-${paymentId}`;

/** The users row, locked, of an account an admin may suspend or restore. */
async function lockTarget(trx: Parameters<typeof repository.lockUser>[0], userId: string) {
  const user = await repository.lockUser(trx, userId);
  if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
  if (user.closed_at) throw new AppError('CONFLICT', M.accountClosed);
  return user;
}

export async function suspendUser(
  ctx: SuspensionContext,
  admin: { id: string },
  userId: string,
  input: SuspendUserInput,
) {
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', M.userNotFound);
  if (userId === admin.id) throw new AppError('BAD_REQUEST', M.cannotSuspendSelf);
  const now = ctx.clock.now();
  // Users before lessons (ADR 025); a deadlock or serialization failure runs again once.
  await transactionRetriedOnce(ctx.db, async (trx) => {
    const user = await lockTarget(trx, userId);
    // Admins are demoted from the command line first: one admin cannot lock another out.
    if (user.role === 'admin') throw new AppError('FORBIDDEN', M.cannotSuspendAdmin);
    if (user.suspended_at) throw new AppError('CONFLICT', M.alreadySuspended);
    if (input.reportId) {
      const report = await reports.lockReport(trx, input.reportId);
      if (report?.reported_user_id !== userId)
        throw new AppError('BAD_REQUEST', M.reportNotAboutUser);
    }
    await repository.setSuspension(trx, userId, { at: now, reason: input.reason }, now);
    await repository.endSessions(trx, userId);
    const party = await partyOf(trx, userId, user.role);
    const ended = party
      ? await endFutureLessons(ctx.jobs, trx, {
          userId,
          party,
          now,
          cancelReason: 'Account suspended',
          cancelCause: 'account_suspended',
          refundReason: 'account_suspended',
          refundKey: suspensionRefundKey,
          publicUrl: ctx.env.PUBLIC_URL,
        })
      : { canceled: 0, refunds: 0 };
    // The report acted on (it may be on one of their reviews) and the reports about the
    // account itself; reports on their reviews stay open: the reviews stay on the profiles.
    if (input.reportId)
      await reports.resolveReports(trx, { reportId: input.reportId }, 'actioned', admin.id, now);
    await reports.resolveReports(trx, { userReportsAbout: userId }, 'actioned', admin.id, now);
    await recordAudit(trx, {
      adminId: admin.id,
      action: 'user_suspended',
      targetUserId: userId,
      reportId: input.reportId,
      reason: input.reason,
      at: now,
    });
    await ctx.jobs.send(
      ACCOUNT_JOBS.mail,
      accountSuspendedEmail(user.email, input.reason, {
        canceledLessons: ended.canceled,
        refunds: ended.refunds,
      }),
      { key: `account-suspended-${userId}-${now.getTime()}` },
      trx,
    );
  });
  return adminUser(ctx, userId);
}

export async function restoreUser(
  ctx: SuspensionContext,
  admin: { id: string },
  userId: string,
  input: RestoreUserInput,
) {
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', M.userNotFound);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await lockTarget(trx, userId);
    if (!user.suspended_at) throw new AppError('CONFLICT', M.notSuspended);
    await repository.setSuspension(trx, userId, null, now);
    await recordAudit(trx, {
      adminId: admin.id,
      action: 'user_restored',
      targetUserId: userId,
      reason: input.reason,
      at: now,
    });
    await ctx.jobs.send(
      ACCOUNT_JOBS.mail,
      accountRestoredEmail(user.email, ctx.env.PUBLIC_URL),
      { key: `account-restored-${userId}-${now.getTime()}` },
      trx,
    );
  });
  return adminUser(ctx, userId);
}
