import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../contracts/auth.contract';
import {
  capitaliseName,
  landingPath,
  type Role,
  type SignUpInput,
  type UserRole,
  USER_ROLES,
} from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import type { Clock } from '../../adapters/clock';
import type { AnnouncedCache } from '../../db/announced-cache';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { SUSPENSION_MESSAGES } from '../../../domain/admin/suspension-messages';
import { captureMailFailure, SUSPENDED_CODE, type Auth } from './auth';
import { deleteUnverifiedUserSince, findUserByEmail } from './auth.repository';
import { readSession, type StoredSession } from './session-reader';

// Account use cases. Better Auth does the cryptography and sessions; this layer applies the
// spec's rules and messages and hands back the cookies Better Auth set.

interface AuthContext {
  auth: Auth;
  db: Kysely<DB>;
  /** Signs stored avatar paths into URLs the browser can load. */
  signingSecret: string;
  clock: Clock;
  sessions?: AnnouncedCache<StoredSession | undefined>;
}

/** A result plus the Set-Cookie headers the route must forward. */
interface WithCookies<T> {
  value: T;
  cookies: string[];
}

interface EngineUser {
  id: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  firstName?: unknown;
  lastName?: unknown;
  role?: unknown;
  isProfileCompleted?: unknown;
  socialAuthProvider?: unknown;
  timezone?: unknown;
  suspendedAt?: unknown;
}

function toSessionUser(user: EngineUser, ctx: AuthContext): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: String(user.firstName ?? ''),
    lastName: String(user.lastName ?? ''),
    // An admin (npm run admin) is one too: anything unknown reads as the least-privileged role.
    role: USER_ROLES.includes(user.role as UserRole) ? (user.role as UserRole) : 'student',
    isProfileCompleted: Boolean(user.isProfileCompleted),
    isEmailVerified: user.emailVerified,
    avatarUrl: avatarUrlOf(ctx.signingSecret, user.image, ctx.clock.now()),
    socialAuthProvider: user.socialAuthProvider === 'google' ? 'google' : 'none',
    timezone: typeof user.timezone === 'string' ? user.timezone : null,
  };
}

/** Better Auth's error code, when the failure is one of its API errors. */
function engineCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | undefined)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** The session hook's refusal of a suspended user (auth.ts), with its message (the reason). */
function suspended(error: unknown) {
  const message = (error as { body?: { message?: unknown } }).body?.message;
  return new AppError(
    'ACCOUNT_SUSPENDED',
    typeof message === 'string' ? message : SUSPENSION_MESSAGES.accountSuspendedNoReason,
  );
}

async function readEngineResponse<T>(response: Response): Promise<WithCookies<T>> {
  const cookies = response.headers.getSetCookie();
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw Object.assign(new Error(body?.message ?? `auth engine answered ${response.status}`), {
      body,
      status: response.status,
    });
  }
  return { value: body as T, cookies };
}

/** The signed-in user of a request (one indexed read: session-reader.ts), or null. */
export async function currentUser(ctx: AuthContext, headers: Headers): Promise<SessionUser | null> {
  const read = await readSession(ctx, headers);
  if (read.kind === 'none') return null;
  const user =
    read.kind === 'user'
      ? read.user
      : ((await ctx.auth.api.getSession({ headers }))?.user as EngineUser | undefined);
  // A suspended user's sessions are deleted with the suspension; one left somehow is no use.
  if (!user || user.suspendedAt) return null;
  return toSessionUser(user, ctx);
}

export async function signUp(
  ctx: AuthContext,
  input: SignUpInput & { role: Role; email: string; timezone?: string },
) {
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    const googleOnly = existing.social_auth_provider === 'google' && !existing.has_password;
    throw new AppError(
      'EMAIL_TAKEN',
      googleOnly ? M.emailRegisteredWithGoogle : M.emailAlreadyRegistered,
    );
  }
  const firstName = capitaliseName(input.firstName);
  const lastName = capitaliseName(input.lastName);
  const startedAt = new Date();
  try {
    await ctx.auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        role: input.role,
        // Students have nothing more to fill in; tutors go through the profile wizard.
        isProfileCompleted: input.role === 'student',
        // The browser's zone, stored at once: times are never shown in a guessed zone (ADR 026).
        ...(input.timezone ? { timezone: input.timezone } : {}),
      },
    });
    await sendCode(ctx, input.email);
  } catch (error) {
    // Nothing half-written: remove a user row this attempt created before failing (e.g. the
    // code email could not be sent), so the visitor can simply try again.
    await deleteUnverifiedUserSince(ctx.db, input.email, startedAt);
    if (engineCode(error)?.startsWith('USER_ALREADY_EXISTS')) {
      throw new AppError('EMAIL_TAKEN', M.emailAlreadyRegistered);
    }
    throw error;
  }
  return { email: input.email, role: input.role };
}

export async function verifyEmail(ctx: AuthContext, email: string, code: string, headers: Headers) {
  try {
    const response = await ctx.auth.api.verifyEmailOTP({
      body: { email, otp: code },
      headers,
      asResponse: true,
    });
    const { value, cookies } = await readEngineResponse<{ user: EngineUser }>(response);
    const user = toSessionUser(value.user, ctx);
    return { value: { user, redirectTo: landingPath(user) }, cookies };
  } catch (error) {
    switch (engineCode(error)) {
      case 'OTP_EXPIRED':
        throw new AppError('BAD_REQUEST', M.codeExpired);
      case 'TOO_MANY_ATTEMPTS':
        throw new AppError('BAD_REQUEST', M.tooManyCodeAttempts);
      case 'INVALID_OTP':
      case 'USER_NOT_FOUND':
        throw new AppError('BAD_REQUEST', M.invalidVerificationCode);
      case SUSPENDED_CODE:
        throw suspended(error);
      default:
        throw error;
    }
  }
}

/** Emails a new code, replacing any previous one; a delivery failure is an error. */
async function sendCode(ctx: AuthContext, email: string) {
  const failure = await captureMailFailure(() =>
    ctx.auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' } }),
  );
  if (failure) throw new AppError('UNAVAILABLE', M.codeEmailFailed);
}

/** Sends a new code to an unverified account; silent for unknown or verified emails. */
export async function resendCode(ctx: AuthContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.is_email_verified) return;
  await sendCode(ctx, email);
}

export async function signIn(
  ctx: AuthContext,
  input: { email: string; password: string; rememberMe: boolean },
  headers: Headers,
): Promise<WithCookies<{ user: SessionUser; redirectTo: string }>> {
  try {
    const response = await ctx.auth.api.signInEmail({ body: input, headers, asResponse: true });
    const { value, cookies } = await readEngineResponse<{ user: EngineUser }>(response);
    const user = toSessionUser(value.user, ctx);
    return { value: { user, redirectTo: landingPath(user) }, cookies };
  } catch (error) {
    const code = engineCode(error);
    if (code === SUSPENDED_CODE) throw suspended(error);
    if (code === 'EMAIL_NOT_VERIFIED') {
      // The password was right: send a fresh code for the verification page.
      await resendCode(ctx, input.email);
      throw new AppError('EMAIL_NOT_VERIFIED', M.emailNotVerified);
    }
    if (code === 'INVALID_EMAIL_OR_PASSWORD') {
      const user = await findUserByEmail(ctx.db, input.email);
      const googleOnly = user?.social_auth_provider === 'google' && !user.has_password;
      throw new AppError(
        'UNAUTHENTICATED',
        googleOnly ? M.emailRegisteredWithGoogle : M.invalidCredentials,
      );
    }
    throw error;
  }
}

export async function signOut(ctx: AuthContext, headers: Headers): Promise<string[]> {
  const response = await ctx.auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}

export async function requestPasswordReset(ctx: AuthContext, email: string) {
  if (!(await findUserByEmail(ctx.db, email))) throw new AppError('NOT_FOUND', M.noAccountForEmail);
  await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
}

export async function resetPassword(ctx: AuthContext, token: string, password: string) {
  try {
    await ctx.auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (engineCode(error) === 'INVALID_TOKEN')
      throw new AppError('BAD_REQUEST', M.resetLinkInvalid);
    throw error;
  }
}

export async function startGoogleSignIn(
  ctx: AuthContext,
  input: { role: Role; isSignup: boolean },
  headers: Headers,
): Promise<WithCookies<{ url: string }>> {
  const back = `/auth/google-callback?role=${input.role}&isSignup=${input.isSignup}`;
  const response = await ctx.auth.api.signInSocial({
    body: {
      provider: 'google',
      callbackURL: back,
      newUserCallbackURL: `${back}&new=true`,
      errorCallbackURL: `${back}&error=true`,
      requestSignUp: true,
      additionalData: { role: input.role },
    },
    headers,
    asResponse: true,
  });
  return readEngineResponse<{ url: string }>(response);
}
