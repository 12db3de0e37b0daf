import type { z } from 'zod';
import type {
  ApprovalDecision,
  ApprovalItem,
  approveInputSchema,
  OwnApproval,
  rejectInputSchema,
} from '../../../contracts/tutor-approval.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type { listTutorApprovals } from '../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../domain/admin/approval-messages';
import { REJECTION_REASONS, type RejectionReason } from '../../../domain/admin/moderation';
import { API_MESSAGES } from '../../../domain/messages';
import { readPageWindow } from '../../../domain/paging';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import { profileApprovedEmail, profileRejectedEmail } from '../../adapters/mail/approval-emails';
import type { MailMessage } from '../../adapters/mail/mailer';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { recordAudit } from '../audit/audit.repository';
import { notify } from '../notifications/notify';
import { tutorProfile, type TutorsContext } from '../tutors/tutors.service';
import * as repository from './tutor-approval.repository';
import { TUTOR_APPROVAL_JOBS } from './tutor-approval.jobs';

// The tutor approval queue (issue #15, ADR 020). An admin approves or rejects a pending
// profile (only a pending one: the status moves under a condition, so two admins deciding at
// once end with one decision and a 409 for the other); the decision is kept as history, the
// audit log records it, and the tutor is notified and emailed in the same transaction. A
// rejected tutor fixes their profile and resubmits it (back to pending, at the end of the queue).

export interface ApprovalContext extends TutorsContext {
  jobs: JobQueue;
  env: { PUBLIC_URL: string };
}

export const APPROVALS_PAGE_SIZE = 10;

type ApproveInput = z.output<typeof approveInputSchema>;
type RejectInput = z.output<typeof rejectInputSchema>;

const notFound = () => new AppError('NOT_FOUND', M.profileNotFound);

function toDecision(row: repository.DecisionRow, withAdmin: boolean): ApprovalDecision {
  const reason = row.reason as RejectionReason | null;
  return {
    decision: row.decision,
    reason,
    reasonLabel: reason ? (REJECTION_REASONS[reason] ?? reason) : null,
    note: row.note,
    admin: withAdmin ? row.admin_name : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** One profile as the queue shows it: the public profile (listed or not) and its history. */
async function approvalItem(ctx: ApprovalContext, profileId: string): Promise<ApprovalItem> {
  const state = isUuid(profileId) ? await repository.approvalState(ctx.db, profileId) : undefined;
  if (!state) throw notFound();
  const [profile, decisions] = await Promise.all([
    tutorProfile(ctx, profileId, null, { listedOnly: false }),
    repository.decisionsOf(ctx.db, profileId),
  ]);
  return {
    profileId,
    userId: state.user_id,
    email: state.email,
    status: state.approval_status,
    submittedAt: state.submitted_at.toISOString(),
    profile,
    history: decisions.map((row) => toDecision(row, true)),
  };
}

export async function approvalQueue(
  ctx: ApprovalContext,
  requestedPage: number,
): Promise<EndpointOutput<typeof listTutorApprovals>> {
  // A page past the last (the queue got shorter while the admin worked): the last page.
  const { ids, total, page, totalPages } = await readPageWindow(
    requestedPage,
    APPROVALS_PAGE_SIZE,
    (rows) => repository.pendingPage(ctx.db, rows.limit, rows.offset),
  );
  const items: ApprovalItem[] = [];
  // One after another: PGlite has one connection anyway, and a page is ten profiles.
  for (const id of ids) items.push(await approvalItem(ctx, id));
  return { items, total, page, totalPages };
}

export async function approvalOf(ctx: ApprovalContext, profileId: string) {
  return { item: await approvalItem(ctx, profileId) };
}

type DecisionInput =
  | { decision: 'approved'; input: ApproveInput }
  | { decision: 'rejected'; input: RejectInput; from?: 'approved' };

/**
 * Approves or rejects a pending profile (or sends an approved one back: rejected `from`
 * approved), with everything that follows, in one transaction.
 */
async function decide(
  ctx: ApprovalContext,
  adminId: string,
  profileId: string,
  decided: DecisionInput,
) {
  const { decision, input } = decided;
  const from = (decided.decision === 'rejected' && decided.from) || 'pending';
  if (!isUuid(profileId)) throw notFound();
  const now = ctx.clock.now();
  const reason = decision === 'rejected' ? input.reason : null;
  await ctx.db.transaction().execute(async (trx) => {
    // A suspended or closed tutor is not decided on (nor emailed); the lock keeps it so.
    const account = await repository.lockAccountOf(trx, profileId);
    if (!account) throw notFound();
    if (account.closed_at || account.suspended_at) throw new AppError('CONFLICT', M.accountNotOpen);
    const moved = await repository.moveStatus(trx, profileId, from, decision);
    if (!moved) {
      const state = await repository.approvalState(trx, profileId);
      if (!state) throw notFound();
      throw new AppError(
        'CONFLICT',
        from === 'approved' ? M.notApproved : M.alreadyDecided(state.approval_status),
      );
    }
    await repository.insertDecision(trx, {
      profileId,
      adminId,
      decision,
      reason,
      note: input.note,
      at: now,
    });
    const reasonLabel = reason ? REJECTION_REASONS[reason] : null;
    await recordAudit(trx, {
      adminId,
      action: decision === 'approved' ? 'tutor_approved' : 'tutor_rejected',
      targetUserId: moved.user_id,
      reason: reasonLabel ? `${reasonLabel}: ${input.note}` : input.note,
      at: now,
    });
    await notify(trx, {
      userId: moved.user_id,
      kind: decision === 'approved' ? 'profile_approved' : 'profile_rejected',
      at: now,
    });
    const tutor = await repository.tutorContact(trx, moved.user_id);
    const recipient = { email: tutor.email, firstName: tutor.first_name };
    const message: MailMessage = reasonLabel
      ? profileRejectedEmail(ctx.env.PUBLIC_URL, recipient, { reasonLabel, note: input.note })
      : profileApprovedEmail(ctx.env.PUBLIC_URL, recipient);
    await ctx.jobs.send(
      TUTOR_APPROVAL_JOBS.mail,
      message,
      { key: `${decision}-${profileId}-${now.getTime()}` },
      trx,
    );
  });
  return approvalOf(ctx, profileId);
}

export const approveProfile = (
  ctx: ApprovalContext,
  adminId: string,
  profileId: string,
  input: ApproveInput,
) => decide(ctx, adminId, profileId, { decision: 'approved', input });

export const rejectProfile = (
  ctx: ApprovalContext,
  adminId: string,
  profileId: string,
  input: RejectInput,
) => decide(ctx, adminId, profileId, { decision: 'rejected', input });

/** Sends the approved profile of the tutor `userId` back for changes, as a rejection does. */
export async function sendBack(
  ctx: ApprovalContext,
  adminId: string,
  userId: string,
  input: RejectInput,
) {
  const profile = isUuid(userId) ? await repository.profileOfUser(ctx.db, userId) : undefined;
  if (!profile) throw notFound();
  await decide(ctx, adminId, profile.id, { decision: 'rejected', input, from: 'approved' });
}

/** The signed-in tutor's review: status, the latest rejection, and every decision. */
export async function ownApproval(ctx: ApprovalContext, userId: string): Promise<OwnApproval> {
  const profile = await repository.profileOfUser(ctx.db, userId);
  if (!profile) throw new AppError('NOT_FOUND', API_MESSAGES.tutorProfileMissing);
  // The tutor reads what was decided and why, not which admin decided it.
  const history = (await repository.decisionsOf(ctx.db, profile.id)).map((row) =>
    toDecision(row, false),
  );
  return {
    status: profile.approval_status,
    submittedAt: profile.submitted_at.toISOString(),
    latestRejection: history.find((entry) => entry.decision === 'rejected') ?? null,
    history,
  };
}

/** A rejected tutor sends their (fixed) profile back to the queue, at its end. */
export async function resubmit(ctx: ApprovalContext, userId: string): Promise<OwnApproval> {
  const profile = await repository.profileOfUser(ctx.db, userId);
  if (!profile) throw new AppError('NOT_FOUND', API_MESSAGES.tutorProfileMissing);
  const moved = await ctx.db
    .transaction()
    .execute((trx) =>
      repository.moveStatus(trx, profile.id, 'rejected', 'pending', ctx.clock.now()),
    );
  if (!moved) throw new AppError('CONFLICT', M.notRejected);
  return ownApproval(ctx, userId);
}
