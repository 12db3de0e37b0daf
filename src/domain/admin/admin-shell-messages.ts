import type { AuditAction } from './moderation';

// Texts of the admin console's shell, overview, audit log and the `npm run admin` command
// (issue #15). Kept apart from messages.ts so the four admin parts each own their file.

export const ADMIN_CLI_MESSAGES = {
  usage:
    'Usage: npm run admin -- --email someone@example.com [--revoke]  (makes an existing verified student an admin, or --revoke makes them a student again)',
  emailRequired: '--email is required, e.g. npm run admin -- --email someone@example.com',
  unknownEmail: (email: string) => `No account uses ${email}: the person must sign up first.`,
  unverified: (email: string) =>
    `${email} has not verified its email address yet: ask them to verify it, then try again.`,
  closed: (email: string) => `The account of ${email} is closed.`,
  suspended: (email: string) => `The account of ${email} is suspended: restore it first.`,
  tutor: (email: string) =>
    `${email} is a tutor account: use a separate (student) account for admin work.`,
  granted: (email: string) => `${email} is now an admin: they sign in at /admin/overview.`,
  alreadyAdmin: (email: string) => `${email} is already an admin.`,
  revoked: (email: string) => `${email} is no longer an admin (now a student).`,
  notAdmin: (email: string) => `${email} is not an admin: nothing to revoke.`,
} as const;

export const ADMIN_SHELL_MESSAGES = {
  consoleName: 'Admin console',
  searchLabel: 'Search users and tutors',
  searchPlaceholder: 'Search users, tutors...',
  searchSubmit: 'Search',
  countsHeading: 'Platform',
  activeUsers: 'Active users',
  activeUsersHint: 'Signed in within the last 30 days',
  pendingVerifications: 'Pending verifications',
  reportedIssues: 'Reported issues',
  countsLoading: 'Loading counts...',
  countsFailed: 'Counts unavailable',
  nav: {
    overview: 'Overview',
    approvals: 'Tutor approvals',
    reports: 'Reports',
    users: 'Users',
    audit: 'Audit log',
  },
  overviewTitle: 'Overview',
  overviewIntro: 'What needs an admin now, and what admins did last.',
  reviewApprovals: 'Review tutor profiles',
  reviewReports: 'Review reports',
  browseUsers: 'Browse users',
  recentActivity: 'Recent admin activity',
  seeFullAudit: 'See the full audit log',
  noActivity: 'No admin actions yet.',
  loadFailed: 'Failed to load. Please try again.',
  retry: 'Try again',
  auditTitle: 'Audit log',
  auditIntro: 'Every admin action, newest first. Entries cannot be edited or removed.',
  auditReason: 'Reason',
  auditReport: 'Report',
  auditReview: 'Review',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  commandLine: 'Command line',
  deletedUser: 'a user',
} as const;

/** One readable sentence per audit action: who did what to whom. */
export const AUDIT_SENTENCES: Record<AuditAction, (actor: string, target: string) => string> = {
  admin_granted: (actor, target) => `${actor} made ${target} an admin`,
  admin_revoked: (actor, target) => `${actor} removed admin rights from ${target}`,
  tutor_approved: (actor, target) => `${actor} approved the tutor profile of ${target}`,
  tutor_rejected: (actor, target) => `${actor} rejected the tutor profile of ${target}`,
  review_hidden: (actor, target) => `${actor} hid a review written by ${target}`,
  review_restored: (actor, target) => `${actor} restored a review written by ${target}`,
  user_suspended: (actor, target) => `${actor} suspended ${target}`,
  user_restored: (actor, target) => `${actor} restored the account of ${target}`,
  report_dismissed: (actor, target) => `${actor} dismissed a report about ${target}`,
  balance_adjusted: (actor, target) => `${actor} adjusted the balance of ${target}`,
  payout_retried: (actor, target) => `${actor} retried a failed payout to ${target}`,
};
