import { z } from 'zod';
import {
  emailSchema,
  resetPasswordSchema,
  ROLES,
  signInSchema,
  signUpSchema,
  verificationCodeSchema,
} from '../domain/accounts/account-rules';

// Wire shapes of /api/auth/*: the request bodies are the domain's form schemas.

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isProfileCompleted: z.boolean(),
  isEmailVerified: z.boolean(),
  avatarUrl: z.string().nullable(),
  socialAuthProvider: z.enum(['google', 'none']),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser.nullable() });

export const signUpRequest = z.object({ role: z.enum(ROLES) }).and(signUpSchema);
export const signUpResponse = z.object({ email: z.string(), role: z.enum(ROLES) });

export const signInRequest = signInSchema;
export const signedInResponse = z.object({ user: sessionUser, redirectTo: z.string() });

export const emailRequest = z.object({ email: emailSchema });
export const verifyEmailRequest = z.object({ email: emailSchema, code: verificationCodeSchema });

export const resetPasswordRequest = z
  .object({ token: z.string().min(1).max(512) })
  .and(resetPasswordSchema);

export const authProvidersResponse = z.object({ google: z.boolean() });

export const googleStartRequest = z.object({
  role: z.enum(ROLES).default('student'),
  isSignup: z.boolean().default(false),
});
export const googleStartResponse = z.object({ url: z.string() });
