import { z } from 'zod/mini';
import { ROLES } from '../domain/accounts/account-rules';
import {
  changePasswordSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  newEmailSchema,
  profileSettingsSchema,
} from '../domain/accounts/account-settings-rules';
import { timeZoneSchema } from '../domain/availability/weekly-window';
import { defineEndpoint, SIGNED_IN_ERRORS } from './endpoint';

// The signed-in user's own account (the Settings page of students and tutors).

export const accountResponse = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  /** The account's zone; null until chosen (the page offers the browser's). */
  timezone: z.nullable(z.string()),
  avatarUrl: z.nullable(z.string()),
  /** False for a Google-only account: there is no password to change or to ask for. */
  hasPassword: z.boolean(),
});
export type AccountView = z.infer<typeof accountResponse>;

/** What deleting the account would do now, told before the user confirms. */
export const closingSummaryResponse = z.object({
  /** Future lessons (of either side) that would be canceled, the other party told. */
  futureLessons: z.int(),
  /** Money that would go back to cards: paid future lessons and unused package credits. */
  refunds: z.array(z.object({ amountCents: z.int(), currency: z.string() })),
  /** Unused lesson credits in packages that are refunded with them. */
  unusedCredits: z.int(),
});
export type ClosingSummary = z.infer<typeof closingSummaryResponse>;

const WRITE_ERRORS = ['VALIDATION_FAILED', 'FORBIDDEN', ...SIGNED_IN_ERRORS] as const;

export const getAccount = defineEndpoint({
  method: 'GET',
  path: '/api/account',
  status: 200,
  response: accountResponse,
  errors: SIGNED_IN_ERRORS,
});

export const updateAccountProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/account/profile',
  summary: 'Change the name and timezone (names follow the sign-up rules)',
  body: profileSettingsSchema,
  status: 200,
  response: accountResponse,
  errors: WRITE_ERRORS,
});

/** The one-click switch of the zone notice (ADR 026): only the zone changes. */
export const updateAccountTimezone = defineEndpoint({
  method: 'PUT',
  path: '/api/account/timezone',
  summary: "Change the account's timezone, which every screen, email and feed shows times in",
  body: z.object({ timezone: timeZoneSchema }),
  status: 200,
  response: accountResponse,
  errors: WRITE_ERRORS,
});

export const updateAccountPhoto = defineEndpoint({
  method: 'PUT',
  path: '/api/account/photo',
  summary: 'Use a photo uploaded through /api/uploads/avatar, or none (null)',
  body: z.object({ avatarPath: z.nullable(z.string().check(z.minLength(1), z.maxLength(300))) }),
  status: 200,
  response: accountResponse,
  errors: WRITE_ERRORS,
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/password',
  summary: 'Change the password (signs out every other session)',
  body: changePasswordSchema,
  status: 204,
  response: z.null(),
  errors: [...WRITE_ERRORS, 'BAD_REQUEST', 'RATE_LIMITED'],
});

export const requestEmailChange = defineEndpoint({
  method: 'POST',
  path: '/api/account/email',
  summary: 'Send a 6-digit code to the new address; nothing changes until it is confirmed',
  body: newEmailSchema,
  status: 204,
  response: z.null(),
  errors: [...WRITE_ERRORS, 'BAD_REQUEST', 'EMAIL_TAKEN', 'RATE_LIMITED', 'UNAVAILABLE'],
});

export const confirmEmailChange = defineEndpoint({
  method: 'POST',
  path: '/api/account/email/confirm',
  summary: 'Confirm the code: the address changes and the old one is told',
  body: confirmEmailSchema,
  status: 200,
  response: accountResponse,
  errors: [...WRITE_ERRORS, 'BAD_REQUEST', 'EMAIL_TAKEN', 'RATE_LIMITED'],
});

export const getClosingSummary = defineEndpoint({
  method: 'GET',
  path: '/api/account/closing-summary',
  status: 200,
  response: closingSummaryResponse,
  errors: SIGNED_IN_ERRORS,
});

export const deleteAccount = defineEndpoint({
  method: 'POST',
  path: '/api/account/delete',
  summary:
    'Delete the account: future lessons canceled (the other party told), paid ones and unused credits refunded, signed out',
  body: deleteAccountSchema,
  status: 204,
  response: z.null(),
  errors: [...WRITE_ERRORS, 'BAD_REQUEST', 'RATE_LIMITED'],
});
