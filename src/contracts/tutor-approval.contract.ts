import { z } from 'zod/mini';
import { APPROVAL_MESSAGES as M } from '../domain/admin/approval-messages';
import {
  APPROVAL_STATUSES,
  DECISIONS,
  REJECTION_REASONS,
  type RejectionReason,
} from '../domain/admin/moderation';
import { defineEndpoint, idParams, ROLE_ERRORS } from './endpoint';
import { pageInfoFields, pageNumberSchema } from './paging';
import { tutorProfileResponse } from './tutors.contract';

// The tutor approval queue (issue #15, ADR 020): admins read submitted profiles as students
// will see them (oldest first) and approve or reject them with a reason; the tutor reads the
// decision and, after a rejection, resubmits.

export const APPROVAL_NOTE_MAX = 1000;
const REASON_CODES = Object.keys(REJECTION_REASONS) as [RejectionReason, ...RejectionReason[]];

const note = z
  .string(M.noteRequired)
  .check(z.trim(), z.maxLength(APPROVAL_NOTE_MAX, M.noteTooLong(APPROVAL_NOTE_MAX)));

/** Approving: an optional note (kept in the history). */
export const approveInputSchema = z.object({ note: z._default(note, '') });
/** Rejecting: why, from the list, and what to fix, in the admin's words (the tutor reads both). */
export const rejectInputSchema = z.object({
  reason: z.enum(REASON_CODES, M.reasonRequired),
  note: z.pipe(note, z.string().check(z.minLength(1, M.noteRequired))),
});
export type RejectInput = z.input<typeof rejectInputSchema>;

/** One decision on a profile; `admin` is the deciding admin's name (null in the tutor's view). */
export const approvalDecision = z.object({
  decision: z.enum(DECISIONS),
  reason: z.nullable(z.enum(REASON_CODES)),
  /** The reason's words, as the tutor reads them. */
  reasonLabel: z.nullable(z.string()),
  note: z.string(),
  admin: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ApprovalDecision = z.infer<typeof approvalDecision>;

/** A profile in the queue (or decided): the whole profile as students see it, and its history. */
export const approvalItem = z.object({
  profileId: z.string(),
  userId: z.string(),
  email: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  submittedAt: z.string(),
  profile: tutorProfileResponse,
  /** Newest first. */
  history: z.array(approvalDecision),
});
export type ApprovalItem = z.infer<typeof approvalItem>;

const itemResponse = z.object({ item: approvalItem });

export const listTutorApprovals = defineEndpoint({
  method: 'GET',
  path: '/api/admin/tutor-approvals',
  summary: 'Pending tutor profiles, oldest first, a page at a time',
  query: z.object({ page: pageNumberSchema }),
  status: 200,
  response: z.object({
    items: z.array(approvalItem),
    ...pageInfoFields,
  }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});

export const getTutorApproval = defineEndpoint({
  method: 'GET',
  path: '/api/admin/tutor-approvals/:id',
  params: idParams,
  status: 200,
  response: itemResponse,
  errors: [...ROLE_ERRORS, 'NOT_FOUND'],
});

export const approveTutor = defineEndpoint({
  method: 'POST',
  path: '/api/admin/tutor-approvals/:id/approve',
  params: idParams,
  body: approveInputSchema,
  status: 200,
  response: itemResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

export const rejectTutor = defineEndpoint({
  method: 'POST',
  path: '/api/admin/tutor-approvals/:id/reject',
  params: idParams,
  body: rejectInputSchema,
  status: 200,
  response: itemResponse,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

/**
 * Sends an approved tutor's profile back for changes (a complaint, a profile changed for the
 * worse): like a rejection, with a reason and a note; the tutor leaves search until they
 * resubmit. Keyed by the tutor's user id (the admin's user page).
 */
export const sendTutorBack = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/:id/send-back-for-review',
  params: idParams,
  body: rejectInputSchema,
  status: 204,
  response: z.null(),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

/** The signed-in tutor's review status, the latest rejection and their history. */
const ownApproval = z.object({
  status: z.enum(APPROVAL_STATUSES),
  submittedAt: z.string(),
  latestRejection: z.nullable(approvalDecision),
  history: z.array(approvalDecision),
});
export type OwnApproval = z.infer<typeof ownApproval>;

export const getOwnApproval = defineEndpoint({
  method: 'GET',
  path: '/api/tutor/approval',
  status: 200,
  response: ownApproval,
  errors: [...ROLE_ERRORS, 'NOT_FOUND'],
});

export const resubmitProfile = defineEndpoint({
  method: 'POST',
  path: '/api/tutor/approval/resubmit',
  status: 200,
  response: ownApproval,
  errors: [...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});
