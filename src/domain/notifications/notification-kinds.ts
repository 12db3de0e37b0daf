// What an in-app notification can tell of. The database's CHECK lists the same kinds
// (migrations 019, 020, 028-a): a new kind is added to both.
export const NOTIFICATION_KINDS = [
  'lesson_booked',
  'lesson_rescheduled',
  'lesson_canceled',
  'review_received',
  'refund_issued',
  'profile_approved',
  'profile_rejected',
  'payout_account_attention',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
