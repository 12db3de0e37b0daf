import { z } from 'zod/mini';
import { AUDIT_ACTIONS } from '../domain/admin/moderation';
import { defineEndpoint, ROLE_ERRORS } from './endpoint';
import { pageInfoFields, pageNumberSchema } from './paging';

// The admin console's shell (issue #15): the sidebar's platform counts and the audit log.
// Admins only: every /api/admin request is refused to anyone else (admin-gate.ts).

/** How far back a sign-in makes a user "active" in the sidebar's count. */
export const ACTIVE_USER_DAYS = 30;

/**
 * What an admin's live socket (GET /api/live) is told when the counts may have changed (a report
 * filed or resolved): the tab refetches the overview at once instead of within the minute.
 */
export const adminLiveEvent = z.object({ type: z.literal('admin.counts') });
export const ADMIN_COUNTS_CHANGED = { type: 'admin.counts' } as const satisfies z.infer<
  typeof adminLiveEvent
>;

export const getAdminOverview = defineEndpoint({
  method: 'GET',
  path: '/api/admin/overview',
  summary: 'Platform counts for the admin sidebar and overview',
  status: 200,
  response: z.object({
    /** Open, not suspended accounts that signed in within ACTIVE_USER_DAYS (app clock). */
    activeUsers: z.int(),
    /** Tutor profiles waiting for a decision whose account is open and not suspended. */
    pendingVerifications: z.int(),
    /** Reports nobody has acted on yet. */
    reportedIssues: z.int(),
  }),
  errors: [...ROLE_ERRORS],
});

/** A user an audit entry names, as the admin reads it (null: no such user, e.g. the CLI). */
const auditUser = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const auditEntryView = z.object({
  id: z.int(),
  action: z.enum(AUDIT_ACTIONS),
  /** The admin who acted; null when the command line did (npm run admin). */
  admin: z.nullable(auditUser),
  target: z.nullable(auditUser),
  reason: z.string(),
  reportId: z.nullable(z.string()),
  reviewId: z.nullable(z.string()),
  /** UTC ISO instant. */
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

export const AUDIT_PAGE_SIZE = 25;

export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'The audit log, newest first, one page at a time',
  query: z.object({ page: pageNumberSchema }),
  status: 200,
  response: z.object({
    entries: z.array(auditEntryView),
    ...pageInfoFields,
  }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});
