import { systemClock, type Clock } from '../../adapters/clock';
import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { APIError, getOAuthState } from 'better-auth/api';
import { emailOTP, genericOAuth } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { ROLES, splitFullName, type Role } from '../../../domain/accounts/account-rules';
import {
  emailChangeCodeEmail,
  passwordResetEmail,
  verificationCodeEmail,
} from '../../adapters/mail/account-emails';
import type { Mailer } from '../../adapters/mail/mailer';
import { argon2Hasher, type PasswordHasher } from '../../adapters/passwords';
import type { DB } from '../../db/types';
import type { Env } from '../../env';
import { SUSPENSION_MESSAGES } from '../../../domain/admin/suspension-messages';
import { markHasPassword, recordLogin, suspensionOf } from './auth.repository';

/** Better Auth's error code when a suspended user's sign-in is refused (auth.service maps it). */
export const SUSPENDED_CODE = 'ACCOUNT_SUSPENDED';

// Better Auth is the engine behind /api/auth (ADR 004): sessions, password hashing hooks,
// email codes, reset tokens and Google over OpenID Connect. Our routes (auth.routes.ts) are
// the public API; only the OAuth callback reaches Better Auth's own handler.

const CODE_TTL_SECONDS = 10 * 60;
const CODE_ATTEMPTS = 5;
const RESET_TTL_SECONDS = 30 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A session used this long after its last renewal is renewed (sliding expiry). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
export const AUTH_BASE_PATH = '/api/auth/engine';

/**
 * Better Auth awaits our mail callback but swallows its errors. Use cases that must know
 * whether the code email left run inside `captureMailFailure`, and the callback records the
 * failure in that request's own context.
 */
const mailOutcome = new AsyncLocalStorage<{ error?: unknown }>();

export async function captureMailFailure(run: () => Promise<unknown>): Promise<unknown> {
  const outcome: { error?: unknown } = {};
  await mailOutcome.run(outcome, run);
  return outcome.error;
}

const snakeTimestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

export function createAuth(options: {
  env: Env;
  db: Kysely<DB>;
  mailer: Mailer;
  secret: string;
  trustedOrigins: string[];
  /** The app's clock: the last sign-in (the admin's active users) is its time. */
  clock?: Clock;
  /** argon2id unless a test watches the hashing through its own wrapper of it. */
  passwords?: PasswordHasher;
}) {
  const { env, db, mailer, secret, passwords = argon2Hasher, clock = systemClock } = options;
  const googleEnabled = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  const production = env.NODE_ENV === 'production';

  return betterAuth({
    appName: 'Tutora',
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    trustedOrigins: options.trustedOrigins,
    secret,
    database: { db, type: 'postgres' },
    telemetry: { enabled: false },
    user: {
      modelName: 'users',
      fields: {
        name: 'full_name',
        emailVerified: 'is_email_verified',
        image: 'avatar_url',
        ...snakeTimestamps,
      },
      additionalFields: {
        firstName: { type: 'string', fieldName: 'first_name', required: true },
        lastName: { type: 'string', fieldName: 'last_name', required: true },
        role: { type: 'string', fieldName: 'role', required: true, defaultValue: 'student' },
        isProfileCompleted: {
          type: 'boolean',
          fieldName: 'is_profile_completed',
          defaultValue: false,
        },
        socialAuthProvider: {
          type: 'string',
          fieldName: 'social_auth_provider',
          defaultValue: 'none',
        },
        hasPassword: {
          type: 'boolean',
          fieldName: 'has_password',
          defaultValue: false,
          input: false,
        },
        lastLoginAt: { type: 'date', fieldName: 'last_login_at', required: false },
        // The account's zone (ADR 026): the browser's at sign-up, every screen's afterwards.
        timezone: { type: 'string', fieldName: 'timezone', required: false },
        // Read with every session, so a suspended user's request is refused (currentUser).
        suspendedAt: {
          type: 'date',
          fieldName: 'suspended_at',
          required: false,
          input: false,
        },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        ...snakeTimestamps,
      },
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...snakeTimestamps,
      },
      // Google verifies emails itself: signing in with Google links to a password account.
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...snakeTimestamps },
      storeIdentifier: 'hashed',
    },
    advanced: {
      database: { generateId: 'uuid' },
      // In production every auth cookie is `__Host-` prefixed: Secure, Path=/ and no Domain,
      // so no other host (a sibling subdomain) can set or shadow it. Better Auth would only add
      // `__Secure-` itself, so the prefix is ours and its own secure prefix stays off.
      cookiePrefix: production ? '__Host-tutora' : 'tutora',
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: production, path: '/' },
    },
    // Our routes apply their own limits (rate-limit.ts), shared across processes.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: {
        hash: (password) => passwords.hash(password),
        verify: ({ hash: stored, password }) => passwords.verify(stored, password),
      },
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetEmail(user.email, link));
      },
    },
    emailVerification: {
      autoSignInAfterVerification: true,
      // Codes are sent by our use cases only (auth.service.ts), never implicitly.
      sendOnSignUp: false,
      sendOnSignIn: false,
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: 'hashed',
        // Our sign-up sends the first code itself, so a mail failure can undo the sign-up.
        sendVerificationOnSignUp: false,
        overrideDefaultEmailVerification: true,
        // Settings' email change: the code goes to the new address (account.service.ts).
        changeEmail: { enabled: true },
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== 'email-verification' && type !== 'change-email') return;
          try {
            await mailer.send(
              type === 'change-email'
                ? emailChangeCodeEmail(email, otp)
                : verificationCodeEmail(email, otp),
            );
          } catch (error) {
            const outcome = mailOutcome.getStore();
            if (!outcome) throw error;
            outcome.error = error;
          }
        },
      }),
      // Without Google settings the provider list is empty and /api/auth/google answers 404.
      genericOAuth({
        config: googleEnabled
          ? [
              {
                providerId: 'google',
                clientId: env.GOOGLE_CLIENT_ID!,
                clientSecret: env.GOOGLE_CLIENT_SECRET!,
                discoveryUrl: `${env.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                authorizationUrlParams: { access_type: 'offline', prompt: 'consent' },
                mapProfileToUser: (profile) => {
                  const { firstName, lastName } = splitFullName(profile.name as string | undefined);
                  return { firstName, lastName, socialAuthProvider: 'google' };
                },
              },
            ]
          : [],
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          // A Google sign-up takes its role from the flow the visitor started
          // (student or tutor sign-up page); students are profile-complete at once.
          before: async (user) => {
            const state = await getOAuthState<{ role?: string }>().catch(() => null);
            const role: Role = ROLES.includes(state?.role as Role)
              ? (state!.role as Role)
              : ((user as { role?: Role }).role ?? 'student');
            const fromGoogle = state !== null;
            return {
              data: {
                ...user,
                role,
                ...(fromGoogle
                  ? { socialAuthProvider: 'google', isProfileCompleted: role === 'student' }
                  : {}),
              },
            };
          },
        },
      },
      account: {
        create: {
          after: async (account) => {
            if (account.providerId === 'credential') {
              await markHasPassword(db, account.userId);
            }
          },
        },
      },
      session: {
        create: {
          // Every sign-in creates a session here (password, email code, Google): a suspended
          // user gets none, and is told why.
          before: async (session) => {
            const suspension = await suspensionOf(db, session.userId);
            if (suspension)
              throw new APIError('FORBIDDEN', {
                code: SUSPENDED_CODE,
                message: SUSPENSION_MESSAGES.accountSuspended(suspension.reason),
              });
          },
          after: async (session) => {
            await recordLogin(db, session.userId, clock.now());
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
