import { z } from 'zod/mini';
import { USER_ROLES } from '../domain/accounts/account-rules';
import { REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES } from '../domain/admin/moderation';
import { MODERATION_NOTE_MAX, REPORT_DETAILS_MAX } from '../domain/admin/report-rules';
import { REPORT_MESSAGES as M } from '../domain/messages';
import { defineEndpoint, idParams, ROLE_ERRORS } from './endpoint';
import { nextPageFields, pageNumberSchema } from './paging';

// Reports (issue #15): a student or tutor reports a user, a review or a message they received
// (issue #16); an admin lists them, dismisses one, or hides (and restores) a review.

const reasonKeys = Object.keys(REPORT_REASONS) as [
  keyof typeof REPORT_REASONS,
  ...(keyof typeof REPORT_REASONS)[],
];

/** An id in a body; an id that names no row is answered 404 by the use case. */
const bodyId = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

const reportCommon = {
  reason: z.enum(reasonKeys, M.reasonRequired),
  details: z._default(
    z
      .string()
      .check(z.trim(), z.maxLength(REPORT_DETAILS_MAX, M.detailsTooLong(REPORT_DETAILS_MAX))),
    '',
  ),
};

export const reportInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('user'), userId: bodyId, ...reportCommon }),
    z.object({ kind: z.literal('review'), reviewId: bodyId, ...reportCommon }),
    z.object({ kind: z.literal('message'), messageId: bodyId, ...reportCommon }),
  ],
  M.kindRequired,
);
export type ReportInput = z.input<typeof reportInputSchema>;

/** A report as its reporter sees it. */
const ownReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});

/** 201 with a new report; 200 with the reporter's open report on the same thing. */
export const createReport = defineEndpoint({
  method: 'POST',
  path: '/api/reports',
  body: reportInputSchema,
  status: 201,
  alsoAnswers: [200],
  response: z.object({ report: ownReport }),
  errors: ['VALIDATION_FAILED', 'BAD_REQUEST', ...ROLE_ERRORS, 'NOT_FOUND', 'RATE_LIMITED'],
});

const person = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
});

/** A report as the admin sees it: who, about whom, why, and what it is about. */
export const adminReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  status: z.enum(REPORT_STATUSES),
  reason: z.string(),
  /** The reason's words (the code itself if the list no longer has it). */
  reasonLabel: z.string(),
  details: z.string(),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  /** The resolving admin's name and note (dismiss) or reason (hide). */
  resolvedBy: z.nullable(z.string()),
  resolutionNote: z.nullable(z.string()),
  reporter: person,
  reportedUser: z.extend(person, { isSuspended: z.boolean() }),
  review: z.nullable(
    z.object({
      id: z.string(),
      rating: z.int(),
      text: z.string(),
      tutorName: z.string(),
      tutorProfileId: z.string(),
      hiddenAt: z.nullable(z.string()),
    }),
  ),
  /** The reported message as it was stored (masked where it was), sent by the reported user. */
  message: z.nullable(
    z.object({ id: z.string(), text: z.string(), sentAt: z.string(), conversationId: z.string() }),
  ),
});
export type AdminReport = z.infer<typeof adminReport>;

export const REPORT_LIST_FILTERS = ['open', 'resolved'] as const;
export type ReportListFilter = (typeof REPORT_LIST_FILTERS)[number];

/** Open reports oldest first (the queue); resolved ones newest first. */
export const getAdminReports = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reports',
  query: z.object({
    status: z._default(z.enum(REPORT_LIST_FILTERS), 'open'),
    page: pageNumberSchema,
  }),
  status: 200,
  response: z.object({
    reports: z.array(adminReport),
    ...nextPageFields,
  }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});

const optionalNote = z._default(
  z.string().check(z.trim(), z.maxLength(MODERATION_NOTE_MAX, M.noteTooLong(MODERATION_NOTE_MAX))),
  '',
);

export const dismissReport = defineEndpoint({
  method: 'POST',
  path: '/api/admin/reports/:id/dismiss',
  params: idParams,
  body: z.object({ note: optionalNote }),
  status: 200,
  response: z.object({ report: adminReport }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

const moderatedReview = z.object({
  review: z.object({ id: z.string(), hiddenAt: z.nullable(z.string()) }),
  /** The open reports on the review this action resolved. */
  actionedReports: z.int(),
});

export const hideReview = defineEndpoint({
  method: 'POST',
  path: '/api/admin/reviews/:id/hide',
  params: idParams,
  body: z.object({
    reason: z
      .string(M.hideReasonRequired)
      .check(
        z.trim(),
        z.minLength(1, M.hideReasonRequired),
        z.maxLength(MODERATION_NOTE_MAX, M.noteTooLong(MODERATION_NOTE_MAX)),
      ),
    /** The report the admin acted on: it must still be open. */
    reportId: z.optional(bodyId),
  }),
  status: 200,
  response: moderatedReview,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});

export const restoreReview = defineEndpoint({
  method: 'POST',
  path: '/api/admin/reviews/:id/restore',
  params: idParams,
  body: z.object({ reason: optionalNote }),
  status: 200,
  response: moderatedReview,
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS, 'NOT_FOUND', 'CONFLICT'],
});
