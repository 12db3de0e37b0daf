import { z } from 'zod/mini';
import { ACCOUNT_MESSAGES as M } from '../messages';
import { isPersonName } from './person-name';

// Account rules (roles, names, email, password), used by the forms and re-checked by the server.

/** The roles a person signs up with. */
export const ROLES = ['student', 'tutor'] as const;
export type Role = (typeof ROLES)[number];
/** Every role an account can have: an admin is promoted from the command line (npm run admin). */
export const USER_ROLES = [...ROLES, 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;

// A lowercase, an uppercase, a digit, one of !@#$%^&*, 8+ characters of only those kinds.
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{8,128}$/;
const HAS_ALL_KINDS = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).*$/;

export { capitaliseName } from './person-name';

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, M.invalidEmail)),
  z.email(M.invalidEmail),
);

// Composed characters (NFC), as normaliseName: 'Zoë' typed either way is the same name.
export const nameSchema = z
  .string()
  .check(z.normalize('NFC'), z.trim(), z.maxLength(50, M.namesLettersOnly));

/** The spec's name rules, in its order: both given, letters only, not the same. */
export function checkNames(
  input: { firstName: string; lastName: string },
  ctx: z.core.$RefinementCtx,
): void {
  const names = ['firstName', 'lastName'] as const;
  if (names.some((key) => input[key] === '')) {
    for (const key of names)
      if (input[key] === '') ctx.addIssue({ code: 'custom', path: [key], message: M.namesEmpty });
  } else if (names.some((key) => !isPersonName(input[key]))) {
    for (const key of names)
      if (!isPersonName(input[key]))
        ctx.addIssue({ code: 'custom', path: [key], message: M.namesLettersOnly });
  } else if (input.firstName.toLocaleLowerCase() === input.lastName.toLocaleLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['lastName'], message: M.namesMustDiffer });
  }
}

/** A new password as sign-up asks for it (Settings uses the same rule). */
export const strongPasswordSchema = z.string().check(z.regex(STRONG_PASSWORD, M.weakPassword));

export const signUpSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    password: strongPasswordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.boolean(),
  })
  .check(
    z.superRefine((input, ctx) => {
      checkNames(input, ctx);
      if (input.password !== input.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsDoNotMatch });
      }
      if (!input.acceptTerms) {
        ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: M.acceptTerms });
      }
    }),
  );
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .check(z.minLength(1, M.passwordRequired), z.maxLength(128, M.invalidCredentials)),
  rememberMe: z._default(z.boolean(), false),
});
export type SignInInput = z.input<typeof signInSchema>;

export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(8, M.resetPasswordTooShort),
        z.maxLength(128),
        z.regex(HAS_ALL_KINDS, M.resetPasswordWeak),
      ),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((input) => input.password === input.confirmPassword, {
      path: ['confirmPassword'],
      message: M.passwordsDoNotMatch,
    }),
  );
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const verificationCodeSchema = z.string().check(z.regex(/^\d{6}$/, M.invalidCodePaste));

/** The user's own landing page after sign-in: a tutor without a finished profile goes to the wizard. */
export function landingPath(user: { role: UserRole; isProfileCompleted: boolean }): string {
  if (user.role === 'tutor' && !user.isProfileCompleted) return '/tutor/complete-profile';
  return `/${user.role}/overview`;
}

/** Google's full name split as the spec says: first word (default Unknown) and the rest (default User). */
export function splitFullName(fullName: string | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? 'Unknown', lastName: words.slice(1).join(' ') || 'User' };
}
