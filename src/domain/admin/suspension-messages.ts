import { SUPPORT_EMAIL } from '../support';

// What a suspended user reads when signing in is refused (issue #15): the admin's reason, and
// whom to write to.

export const SUSPENSION_MESSAGES = {
  accountSuspended: (reason: string) =>
    `Your account is suspended: ${reason.replace(/[.\s]+$/, '')}. If you think this is a mistake, write to ${SUPPORT_EMAIL}.`,
  /** Where the reason cannot be shown (a Google sign-in comes back through the address bar). */
  accountSuspendedNoReason: `Your account is suspended. If you think this is a mistake, write to ${SUPPORT_EMAIL}.`,
} as const;
