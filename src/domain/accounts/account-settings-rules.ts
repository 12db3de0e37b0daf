import { z } from 'zod/mini';
import { ACCOUNT_MESSAGES as A, SETTINGS_MESSAGES as M } from '../messages';
import { timeZoneSchema } from '../availability/weekly-window';
import {
  checkNames,
  emailSchema,
  nameSchema,
  strongPasswordSchema,
  verificationCodeSchema,
} from './account-rules';

// What the Settings page sends, checked by its forms and again by the server: the same name
// and password rules as sign-up.

export const profileSettingsSchema = z
  .object({ firstName: nameSchema, lastName: nameSchema, timezone: timeZoneSchema })
  .check(z.superRefine(checkNames));
export type ProfileSettingsInput = z.input<typeof profileSettingsSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .check(z.minLength(1, M.currentPasswordRequired), z.maxLength(128, M.currentPasswordWrong)),
    newPassword: strongPasswordSchema,
    confirmPassword: z.string(),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.newPassword !== input.confirmPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: A.passwordsDoNotMatch });
      else if (input.newPassword === input.currentPassword)
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.samePassword });
    }),
  );
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The current password, asked again before what would hand the account to someone else. */
const currentPasswordSchema = z.optional(
  z.string().check(z.maxLength(128, M.currentPasswordWrong)),
);

/** A new address; the password too (when the account has one), as a stolen session lacks it. */
export const newEmailSchema = z.object({ newEmail: emailSchema, password: currentPasswordSchema });
export const confirmEmailSchema = z.object({ newEmail: emailSchema, code: verificationCodeSchema });

/** The word typed to confirm deleting the account. */
export const DELETE_WORD = 'DELETE';

/** Deleting asks for the password (when the account has one) and the typed word. */
export const deleteAccountSchema = z.object({
  password: currentPasswordSchema,
  confirm: z.literal(DELETE_WORD, M.confirmDeleteWord),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
