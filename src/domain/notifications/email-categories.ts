// The optional emails a user may turn off in Settings → Notifications (ADR 039). Only mail that
// exists and that a user can do without: reminders before a lesson and the digest of unread
// messages. Mail about money or a lesson's change (bookings, cancellations, moves, refunds,
// payouts) and about the account's security has no category: it always goes out. The
// database's CHECK (migration 032-f) lists the same categories: a new one is added to both.
export const EMAIL_CATEGORIES = ['lesson_reminders', 'message_digest'] as const;

export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** What the Settings page calls each category, and says it is. */
export const EMAIL_CATEGORY_TEXT: Record<EmailCategory, { label: string; hint: string }> = {
  lesson_reminders: {
    label: 'Lesson reminders',
    hint: 'An email 24 hours and 1 hour before each lesson.',
  },
  message_digest: {
    label: 'New messages',
    hint: 'One email listing messages still unread after 15 minutes.',
  },
};

/** The one line at the end of each optional email, pointing to where it is turned off. */
export function emailSettingsFooter(publicUrl: string, role: string): string {
  const area = role === 'tutor' ? 'tutor' : 'student';
  return `Choose which emails you get: ${publicUrl}/${area}/settings#notifications`;
}
