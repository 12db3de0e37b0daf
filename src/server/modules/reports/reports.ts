import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type {
  AdminReport,
  getAdminReports,
  hideReview as hideReviewEndpoint,
  ReportListFilter,
  reportInputSchema,
} from '../../../contracts/reports.contract';
import { REPORT_REASONS } from '../../../domain/admin/moderation';
import {
  REPORT_WINDOW_MINUTES,
  REPORTS_PAGE_SIZE,
  REPORTS_PER_WINDOW,
} from '../../../domain/admin/report-rules';
import { REPORT_MESSAGES as M } from '../../../domain/messages';
import { nextPageOf, rowsOfPage } from '../../../domain/paging';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { refuseOverBudget } from '../../http/sliding-window';
import { recordAudit } from '../audit/audit.repository';
import * as repository from './reports.repository';

// Reports (issue #15). A student or tutor reports a user, a review (whose author is the one
// reported) or a message they received (whose sender is); the same open report twice is one report; a reporter sends at most
// REPORTS_PER_WINDOW per window, counted in the reports table so every process agrees. An admin
// dismisses a report, or hides a review, which resolves every open report on it. Each admin
// action writes its audit record in its own transaction.

export interface ReportsContext {
  db: Kysely<DB>;
  clock: Clock;
}

type ReportInput = z.output<typeof reportInputSchema>;
const WINDOW_MS = REPORT_WINDOW_MINUTES * 60_000;

const userNotFound = () => new AppError('NOT_FOUND', M.userNotFound);
const reviewNotFound = () => new AppError('NOT_FOUND', M.reviewNotFound);
const reportNotFound = () => new AppError('NOT_FOUND', M.reportNotFound);

/** Who a report is about, and which review: refused when it names nothing reportable. */
async function targetOf(trx: Transaction<DB>, input: ReportInput, reporterId: string) {
  if (input.kind === 'message') {
    // Only its recipient reports a message (anyone else: not found); its sender is reported.
    const message = isUuid(input.messageId)
      ? await repository.receivedMessage(trx, input.messageId, reporterId)
      : undefined;
    if (!message) throw new AppError('NOT_FOUND', M.messageNotFound);
    return { reportedUserId: message.sender_id, reviewId: null, messageId: message.id };
  }
  if (input.kind === 'user') {
    const user = isUuid(input.userId) ? await repository.openUser(trx, input.userId) : undefined;
    if (!user) throw userNotFound();
    return { reportedUserId: user.id, reviewId: null, messageId: null };
  }
  const review = isUuid(input.reviewId)
    ? await repository.visibleReview(trx, input.reviewId)
    : undefined;
  if (!review) throw reviewNotFound();
  return { reportedUserId: review.student_id, reviewId: review.id, messageId: null };
}

/** Refuses a new report when the reporter has sent the window's budget already. */
async function checkRateLimit(trx: Transaction<DB>, reporterId: string, now: Date) {
  const recent = await repository.reportsSince(
    trx,
    reporterId,
    new Date(now.getTime() - WINDOW_MS),
  );
  refuseOverBudget(
    recent,
    { limit: REPORTS_PER_WINDOW, windowMs: WINDOW_MS },
    now,
    M.tooManyReports(REPORTS_PER_WINDOW, REPORT_WINDOW_MINUTES),
  );
}

/** Files a report; `created` is false when the reporter's open report on it is answered. */
export async function createReport(ctx: ReportsContext, reporter: SessionUser, input: ReportInput) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await repository.lockReporter(trx, reporter.id);
    const target = await targetOf(trx, input, reporter.id);
    if (target.reportedUserId === reporter.id)
      throw new AppError('BAD_REQUEST', M.cannotReportSelf);
    const existing = await repository.openReportOn(trx, {
      reporterId: reporter.id,
      kind: input.kind,
      ...target,
    });
    const row =
      existing ??
      (await (async () => {
        await checkRateLimit(trx, reporter.id, now);
        return repository.insertReport(trx, {
          reporterId: reporter.id,
          kind: input.kind,
          ...target,
          reason: input.reason,
          details: input.details,
          now,
        });
      })());
    return {
      created: !existing,
      report: {
        id: row.id,
        kind: row.kind,
        status: row.status,
        createdAt: row.created_at.toISOString(),
      },
    };
  });
}

function toAdminReport(row: repository.AdminReportRow): AdminReport {
  const reasonLabel = (REPORT_REASONS as Record<string, string>)[row.reason] ?? row.reason;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    reasonLabel,
    details: row.details,
    createdAt: row.created_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    resolvedBy: row.resolved_at ? row.resolver_name : null,
    resolutionNote: row.resolved_at ? (row.resolution_note ?? '') : null,
    reporter: {
      id: row.reporter_id,
      name: row.reporter_name,
      email: row.reporter_email,
      role: row.reporter_role,
    },
    reportedUser: {
      id: row.reported_id,
      name: row.reported_name,
      email: row.reported_email,
      role: row.reported_role,
      isSuspended: row.reported_suspended_at !== null,
    },
    review:
      row.review_id === null || row.review_rating === null || row.review_tutor_profile_id === null
        ? null
        : {
            id: row.review_id,
            rating: row.review_rating,
            text: row.review_text ?? '',
            tutorName: row.review_tutor_name ?? '',
            tutorProfileId: row.review_tutor_profile_id,
            hiddenAt: row.review_hidden_at?.toISOString() ?? null,
          },
    message:
      row.message_id === null || row.message_text === null || row.message_sent_at === null
        ? null
        : {
            id: row.message_id,
            text: row.message_text,
            sentAt: row.message_sent_at.toISOString(),
            conversationId: row.message_conversation_id ?? '',
          },
  };
}

export async function adminReports(
  ctx: ReportsContext,
  filter: ReportListFilter,
  page: number,
): Promise<EndpointOutput<typeof getAdminReports>> {
  // Loaded page after page (no page numbers shown): a page past the end is simply empty.
  const { rows, total } = await repository.adminReportsPage(
    ctx.db,
    filter,
    rowsOfPage(page, REPORTS_PAGE_SIZE),
  );
  return {
    reports: rows.map(toAdminReport),
    total,
    nextPage: nextPageOf(page, REPORTS_PAGE_SIZE, total),
  };
}

/** A report the admin acts on, locked: refused unless it is still open. */
async function lockOpenReport(trx: Transaction<DB>, id: string) {
  const report = isUuid(id) ? await repository.lockReport(trx, id) : undefined;
  if (!report) throw reportNotFound();
  if (report.status !== 'open') throw new AppError('CONFLICT', M.reportNotOpen);
  return report;
}

export async function dismissReport(
  ctx: ReportsContext,
  admin: SessionUser,
  reportId: string,
  note: string,
): Promise<AdminReport> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const report = await lockOpenReport(trx, reportId);
    await repository.resolveReports(trx, { reportId: report.id }, 'dismissed', admin.id, now);
    await recordAudit(trx, {
      adminId: admin.id,
      action: 'report_dismissed',
      targetUserId: report.reported_user_id,
      reportId: report.id,
      ...(report.review_id && { reviewId: report.review_id }),
      reason: note,
      at: now,
    });
  });
  return toAdminReport((await repository.adminReportById(ctx.db, reportId))!);
}

type ModeratedReview = EndpointOutput<typeof hideReviewEndpoint>;

async function lockReviewOrThrow(trx: Transaction<DB>, id: string) {
  const review = isUuid(id) ? await repository.lockReview(trx, id) : undefined;
  if (!review) throw reviewNotFound();
  return review;
}

/** Hides a review from its profile; every open report on it is actioned. */
export async function hideReview(
  ctx: ReportsContext,
  admin: SessionUser,
  reviewId: string,
  input: { reason: string; reportId?: string | undefined },
): Promise<ModeratedReview> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const review = await lockReviewOrThrow(trx, reviewId);
    if (input.reportId !== undefined) {
      const report = await lockOpenReport(trx, input.reportId);
      if (report.review_id !== review.id) throw new AppError('CONFLICT', M.reportNotOfReview);
    }
    if (review.hidden_at) throw new AppError('CONFLICT', M.alreadyHidden);
    await repository.setReviewHidden(trx, review.id, now);
    const actioned = await repository.resolveReports(
      trx,
      { reviewId: review.id },
      'actioned',
      admin.id,
      now,
    );
    await recordAudit(trx, {
      adminId: admin.id,
      action: 'review_hidden',
      targetUserId: review.student_id,
      reviewId: review.id,
      ...(input.reportId && { reportId: input.reportId }),
      reason: input.reason,
      at: now,
    });
    return {
      review: { id: review.id, hiddenAt: now.toISOString() },
      actionedReports: actioned.length,
    };
  });
}

/** Puts a hidden review back on its profile (its reports stay resolved). */
export async function restoreReview(
  ctx: ReportsContext,
  admin: SessionUser,
  reviewId: string,
  reason: string,
): Promise<ModeratedReview> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const review = await lockReviewOrThrow(trx, reviewId);
    if (!review.hidden_at) throw new AppError('CONFLICT', M.notHidden);
    await repository.setReviewHidden(trx, review.id, null);
    await recordAudit(trx, {
      adminId: admin.id,
      action: 'review_restored',
      targetUserId: review.student_id,
      reviewId: review.id,
      reason,
      at: now,
    });
    return { review: { id: review.id, hiddenAt: null }, actionedReports: 0 };
  });
}
