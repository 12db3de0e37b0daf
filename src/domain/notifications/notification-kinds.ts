// What an in-app notification can tell of. The database's CHECK lists the same kinds
// (migrations 019, 020, 028-a, 029-b, 031-a): a new kind is added to both.
export const NOTIFICATION_KINDS = [
  'lesson_booked',
  'lesson_rescheduled',
  'lesson_canceled',
  'review_received',
  'refund_issued',
  'profile_approved',
  'profile_rejected',
  'payout_account_attention',
  'payout_sent',
  'payout_failed',
  // A tutor's move request (migration 031-a): told to the student, its answer to the tutor.
  'move_requested',
  'move_accepted',
  'move_declined',
  'move_withdrawn',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
