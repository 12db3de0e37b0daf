import { z } from 'zod/mini';
import { ADMIN_USERS_MESSAGES as M } from '../messages';

// The admin's users pages (issue #15): what a search filters by, and what suspending or
// restoring an account asks for. Used by the forms, the contracts and the server.

/** An account is active, suspended by an admin, or closed by its owner. */
export const USER_STATUSES = ['active', 'suspended', 'closed'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USERS_PAGE_SIZE = 20;
/** How many of a user's lessons and reports the user page shows (newest first). */
export const RECENT_ROWS = 10;

export const REASON_MAX = 1000;

/** Why an admin suspends or restores an account: told to the user, kept in the audit log. */
export const adminReasonSchema = z
  .string(M.reasonRequired)
  .check(z.trim(), z.minLength(1, M.reasonRequired), z.maxLength(REASON_MAX, M.reasonTooLong));

export const suspendUserSchema = z.object({
  reason: adminReasonSchema,
  /** The report that led to it: resolved as actioned with the other open reports about them. */
  reportId: z.optional(z.uuid(M.badReport)),
});
export type SuspendUserInput = z.infer<typeof suspendUserSchema>;

export const restoreUserSchema = z.object({ reason: adminReasonSchema });
export type RestoreUserInput = z.infer<typeof restoreUserSchema>;
