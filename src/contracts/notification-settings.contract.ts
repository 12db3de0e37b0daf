import { z } from 'zod/mini';
import { EMAIL_CATEGORIES, type EmailCategory } from '../domain/notifications/email-categories';
import { defineEndpoint, SIGNED_IN_ERRORS } from './endpoint';

// The signed-in user's notification settings (Settings → Notifications, ADR 039): for each
// optional email category, whether it is sent. Every category is on until turned off.

const categoryFlags = Object.fromEntries(
  EMAIL_CATEGORIES.map((category) => [category, z.boolean()]),
) as Record<EmailCategory, z.ZodMiniBoolean<boolean>>;

/** Every optional category and whether its email is sent; a key not listed is refused. */
export const notificationSettingsSchema = z.object({ email: z.strictObject(categoryFlags) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/api/account/notifications',
  status: 200,
  response: notificationSettingsSchema,
  errors: SIGNED_IN_ERRORS,
});

export const updateNotificationSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/account/notifications',
  summary: 'Turn optional emails (lesson reminders, the unread-messages digest) on or off',
  body: z.strictObject({ email: z.strictObject(categoryFlags) }),
  status: 200,
  response: notificationSettingsSchema,
  errors: ['VALIDATION_FAILED', ...SIGNED_IN_ERRORS],
});
