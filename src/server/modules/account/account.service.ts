import type { Kysely } from 'kysely';
import type { AccountView } from '../../../contracts/account.contract';
import { capitaliseName } from '../../../domain/accounts/account-rules';
import type { ProfileSettingsInput } from '../../../domain/accounts/account-settings-rules';
import { ACCOUNT_MESSAGES as A, SETTINGS_MESSAGES as M } from '../../../domain/messages';
import type { Clock } from '../../adapters/clock';
import { emailChangedNotice, passwordChangedNotice } from '../../adapters/mail/account-emails';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Mailer } from '../../adapters/mail/mailer';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { captureMailFailure, type Auth } from '../auth/auth';
import { findUserByEmail } from '../auth/auth.repository';
import { ownsFile } from '../tutor-profile/tutor-profile.repository';
import { ACCOUNT_JOBS } from './account.jobs';
import * as repository from './account.repository';

// The Settings page's use cases: the account's name, zone and photo are ours; password and
// email changes go through Better Auth (hashing, sessions, codes), with the spec's messages.

export interface AccountContext {
  auth: Auth;
  db: Kysely<DB>;
  mailer: Mailer;
  jobs: JobQueue;
  signingSecret: string;
  clock: Clock;
}

/**
 * Asks again for the password (when the account has one) before what a stolen session must not
 * do alone: moving the account to another address or deleting it.
 */
export async function checkCurrentPassword(
  auth: Auth,
  hasPassword: boolean,
  password: string | undefined,
  headers: Headers,
) {
  if (!hasPassword) return;
  if (!password)
    throw new AppError('VALIDATION_FAILED', M.currentPasswordRequired, {
      password: M.currentPasswordRequired,
    });
  const valid = await auth.api
    .verifyPassword({ body: { password }, headers })
    .then(() => true)
    .catch(() => false);
  if (!valid)
    throw new AppError('BAD_REQUEST', M.currentPasswordWrong, {
      password: M.currentPasswordWrong,
    });
}

/** Better Auth's error code, when the failure is one of its API errors. */
const engineCode = (error: unknown) =>
  (error as { body?: { code?: unknown } } | undefined)?.body?.code;

function toView(ctx: AccountContext, row: repository.AccountRow): AccountView {
  return {
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role === 'tutor' ? 'tutor' : 'student',
    timezone: row.timezone,
    avatarUrl: avatarUrlOf(ctx.signingSecret, row.avatar_url, ctx.clock.now()),
    hasPassword: row.has_password,
  };
}

export async function accountOf(ctx: AccountContext, userId: string): Promise<AccountView> {
  const row = await repository.findAccount(ctx.db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', A.signInRequired);
  return toView(ctx, row);
}

export async function updateProfile(
  ctx: AccountContext,
  userId: string,
  input: ProfileSettingsInput,
) {
  await repository.updateNamesAndZone(ctx.db, userId, {
    // Saved as sign-up saves them: first letter upper case, the rest lower case.
    firstName: capitaliseName(input.firstName),
    lastName: capitaliseName(input.lastName),
    timezone: input.timezone,
    now: ctx.clock.now(),
  });
  return accountOf(ctx, userId);
}

/** The zone every screen, email and feed of this account shows times in (ADR 026). */
export async function updateTimezone(ctx: AccountContext, userId: string, timezone: string) {
  await repository.setTimezone(ctx.db, userId, timezone, ctx.clock.now());
  return accountOf(ctx, userId);
}

/** Uses a photo the user uploaded (their own file only), or none. */
export async function updatePhoto(ctx: AccountContext, userId: string, path: string | null) {
  if (path !== null && !(await ownsFile(ctx.db, userId, path)))
    throw new AppError('VALIDATION_FAILED', M.photoNotYours, { avatarPath: M.photoNotYours });
  await ctx.db
    .transaction()
    .execute((trx) => repository.setPhoto(trx, userId, path, ctx.clock.now()));
  return accountOf(ctx, userId);
}

/** Changes the password and signs out every other session; the cookies are the new session's. */
export async function changePassword(
  ctx: AccountContext,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
): Promise<string[]> {
  try {
    const response = await ctx.auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers,
      asResponse: true,
    });
    if (!response.ok) throw { body: await response.json() };
    const { email } = await accountOf(ctx, userId);
    await ctx.jobs.send(ACCOUNT_JOBS.mail, passwordChangedNotice(email), {
      key: `password-changed-${userId}-${ctx.clock.now().getTime()}`,
    });
    return response.headers.getSetCookie();
  } catch (error) {
    switch (engineCode(error)) {
      case 'INVALID_PASSWORD':
        throw new AppError('BAD_REQUEST', M.currentPasswordWrong, {
          currentPassword: M.currentPasswordWrong,
        });
      case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
        throw new AppError('BAD_REQUEST', M.googleNoPassword);
      default:
        throw error;
    }
  }
}

/** Sends a code to the new address; the account keeps its email until the code is confirmed. */
export async function requestEmailChange(
  ctx: AccountContext,
  userId: string,
  { newEmail, password }: { newEmail: string; password?: string | undefined },
  headers: Headers,
) {
  const account = await accountOf(ctx, userId);
  await checkCurrentPassword(ctx.auth, account.hasPassword, password, headers);
  if (account.email === newEmail)
    throw new AppError('BAD_REQUEST', M.sameEmail, { newEmail: M.sameEmail });
  if (await findUserByEmail(ctx.db, newEmail))
    throw new AppError('EMAIL_TAKEN', A.emailAlreadyRegistered, {
      newEmail: A.emailAlreadyRegistered,
    });
  const failure = await captureMailFailure(() =>
    ctx.auth.api.requestEmailChangeEmailOTP({ body: { newEmail }, headers }),
  );
  if (failure) throw new AppError('UNAVAILABLE', A.codeEmailFailed);
}

/** Checks the code sent to the new address, changes the email and tells the old address. */
export async function confirmEmailChange(
  ctx: AccountContext,
  userId: string,
  input: { newEmail: string; code: string },
  headers: Headers,
): Promise<{ value: AccountView; cookies: string[] }> {
  const before = await accountOf(ctx, userId);
  let cookies: string[];
  try {
    const response = await ctx.auth.api.changeEmailEmailOTP({
      body: { newEmail: input.newEmail, otp: input.code },
      headers,
      asResponse: true,
    });
    if (!response.ok) throw { body: await response.json() };
    cookies = response.headers.getSetCookie();
  } catch (error) {
    const code = engineCode(error);
    if (code === 'OTP_EXPIRED') throw new AppError('BAD_REQUEST', A.codeExpired);
    if (code === 'TOO_MANY_ATTEMPTS') throw new AppError('BAD_REQUEST', A.tooManyCodeAttempts);
    if (code === 'INVALID_OTP') throw new AppError('BAD_REQUEST', A.invalidVerificationCode);
    // Taken between the request and the confirmation.
    if ((error as { body?: { message?: string } }).body?.message === 'Email already in use')
      throw new AppError('EMAIL_TAKEN', A.emailAlreadyRegistered);
    throw error;
  }
  // A job: the change is made, and the notice goes out even if the mail server is down now.
  await ctx.jobs.send(ACCOUNT_JOBS.mail, emailChangedNotice(before.email, input.newEmail), {
    // Per change, not per address: moving back and forth is told each time.
    key: `email-changed-${userId}-${ctx.clock.now().getTime()}`,
  });
  return { value: await accountOf(ctx, userId), cookies };
}
