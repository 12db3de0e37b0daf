import { z } from 'zod/mini';
import {
  emailSchema,
  resetPasswordSchema,
  ROLES,
  USER_ROLES,
  signInSchema,
  signUpSchema,
  verificationCodeSchema,
} from '../domain/accounts/account-rules';
import { timeZoneSchema } from '../domain/availability/weekly-window';
import { defineEndpoint } from './endpoint';

// Wire shapes of /api/auth/*: the request bodies are the domain's form schemas.

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  isProfileCompleted: z.boolean(),
  isEmailVerified: z.boolean(),
  avatarUrl: z.nullable(z.string()),
  socialAuthProvider: z.enum(['google', 'none']),
  /** The account's zone, which every screen shows times in; null only until the app stores one. */
  timezone: z.nullable(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: z.nullable(sessionUser) });

/** The browser's zone travels with the sign-up and becomes the account's (ADR 026). */
export const signUpRequest = z.intersection(
  z.object({ role: z.enum(ROLES), timezone: z.optional(timeZoneSchema) }),
  signUpSchema,
);
export const signUpResponse = z.object({ email: z.string(), role: z.enum(ROLES) });

export const signInRequest = signInSchema;
export const signedInResponse = z.object({ user: sessionUser, redirectTo: z.string() });

export const emailRequest = z.object({ email: emailSchema });
export const verifyEmailRequest = z.object({ email: emailSchema, code: verificationCodeSchema });

export const resetPasswordRequest = z.intersection(
  z.object({ token: z.string().check(z.minLength(1), z.maxLength(512)) }),
  resetPasswordSchema,
);

export const authProvidersResponse = z.object({ google: z.boolean() });

export const googleStartRequest = z.object({
  role: z._default(z.enum(ROLES), 'student'),
  isSignup: z._default(z.boolean(), false),
});
export const googleStartResponse = z.object({ url: z.string() });

// The account endpoints. Every write may be refused as cross-site (FORBIDDEN); the rate-limited
// ones answer RATE_LIMITED with a Retry-After header.

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in user, or null (never an error: signed out is an answer)',
  status: 200,
  response: sessionResponse,
  errors: [],
});

export const getAuthProviders = defineEndpoint({
  method: 'GET',
  path: '/api/auth/providers',
  status: 200,
  response: authProvidersResponse,
  errors: [],
});

export const signUp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-up',
  body: signUpRequest,
  status: 201,
  response: signUpResponse,
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EMAIL_TAKEN', 'RATE_LIMITED', 'UNAVAILABLE'],
});

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-email',
  body: verifyEmailRequest,
  status: 200,
  response: signedInResponse,
  errors: ['VALIDATION_FAILED', 'BAD_REQUEST', 'FORBIDDEN', 'RATE_LIMITED', 'ACCOUNT_SUSPENDED'],
});

export const resendCode = defineEndpoint({
  method: 'POST',
  path: '/api/auth/resend-code',
  body: emailRequest,
  status: 204,
  response: z.null(),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'RATE_LIMITED', 'UNAVAILABLE'],
});

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in',
  body: signInRequest,
  status: 200,
  response: signedInResponse,
  errors: [
    'VALIDATION_FAILED',
    'UNAUTHENTICATED',
    'EMAIL_NOT_VERIFIED',
    'FORBIDDEN',
    'RATE_LIMITED',
    'UNAVAILABLE',
    'ACCOUNT_SUSPENDED',
  ],
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-out',
  status: 204,
  response: z.null(),
  errors: ['FORBIDDEN'],
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  body: emailRequest,
  status: 204,
  response: z.null(),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'],
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  body: resetPasswordRequest,
  status: 204,
  response: z.null(),
  errors: ['VALIDATION_FAILED', 'BAD_REQUEST', 'FORBIDDEN', 'RATE_LIMITED'],
});

export const startGoogleSignIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/google',
  summary: 'The Google consent URL to send the browser to (404 when Google is not configured)',
  body: googleStartRequest,
  status: 200,
  response: googleStartResponse,
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND'],
});
