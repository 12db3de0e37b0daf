// The admin console's vocabulary (issue #15): the states a tutor profile goes through, why a
// profile is rejected, what can be reported and why, and what the audit log records. Used by
// the forms, the contracts, the server and the generated database types.

/** A submitted tutor profile waits for an admin (pending), then is approved or rejected. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Why a profile is sent back, each with the words the tutor reads. */
export const REJECTION_REASONS = {
  photo: 'Profile photo',
  video: 'Introduction video',
  description: 'About me or teaching style',
  qualifications: 'Education or certificates',
  subjects: 'Subjects or languages',
  other: 'Something else',
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;

export const DECISIONS = ['approved', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

/** What a student or tutor can report. */
export const REPORT_KINDS = ['user', 'review', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Why something is reported, each with the words the reporter picks from. */
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  abuse: 'Harassment or offensive language',
  fraud: 'Scam or payment outside Tutora',
  fake: 'Fake or misleading',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** Everything an admin (or the command line) does, as the audit log records it. */
export const AUDIT_ACTIONS = [
  'admin_granted',
  'admin_revoked',
  'tutor_approved',
  'tutor_rejected',
  'review_hidden',
  'review_restored',
  'user_suspended',
  'user_restored',
  'report_dismissed',
  'balance_adjusted',
  'payout_retried',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
