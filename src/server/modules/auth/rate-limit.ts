import type { Kysely } from 'kysely';
import { RESEND_COOLDOWN_SECONDS } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES, AUTH_LIMIT_MESSAGES } from '../../../domain/messages';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { countHit } from './auth.repository';

interface RateLimitRule {
  /** What is limited, e.g. 'sign-in:email'. */
  name: string;
  max: number;
  windowSeconds: number;
  /** What the refusal says, given the seconds left (default: "too many attempts"). */
  message?: (secondsLeft: number) => string;
}

/** Limits on the account endpoints: per network address and per account where it matters. */
export const RATE_LIMITS = {
  signInPerIp: { name: 'sign-in:ip', max: 30, windowSeconds: 15 * 60 },
  // Guessing one account's password is limited per account *and* address, so an attacker's
  // failures lock out only the attacker's address, never the owner signing in from elsewhere.
  signInPerAccountAndIp: { name: 'sign-in:email+ip', max: 10, windowSeconds: 15 * 60 },
  // The ceiling on one account across all addresses: guessing from many addresses stays slow.
  signInPerAccount: { name: 'sign-in:email', max: 50, windowSeconds: 15 * 60 },
  signUpPerIp: { name: 'sign-up:ip', max: 20, windowSeconds: 60 * 60 },
  codeCheckPerAccount: { name: 'code-check:email', max: 10, windowSeconds: 15 * 60 },
  codeCheckPerIp: { name: 'code-check:ip', max: 30, windowSeconds: 15 * 60 },
  // The spec's resend cooldown, kept by the server too: one new code per minute per email.
  resendCooldown: {
    name: 'resend-cooldown:email',
    max: 1,
    windowSeconds: RESEND_COOLDOWN_SECONDS,
    message: AUTH_LIMIT_MESSAGES.resendCooldown,
  },
  resendPerAccount: { name: 'resend:email', max: 5, windowSeconds: 30 * 60 },
  resetRequestPerIp: { name: 'reset-request:ip', max: 10, windowSeconds: 15 * 60 },
  resetRequestPerAccount: { name: 'reset-request:email', max: 3, windowSeconds: 15 * 60 },
  resetPerIp: { name: 'reset:ip', max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one hit against `rule` for `subject` in a fixed window kept in the database, so every
 * API process shares the count. Throws a RATE_LIMITED AppError once the window's budget is spent.
 */
export async function hit(
  deps: { db: Kysely<DB>; clock: Clock },
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  const row = await countHit(
    deps.db,
    `${rule.name}:${subject}`,
    rule.windowSeconds,
    deps.clock.now(),
  );
  if (row.count > rule.max) {
    const secondsLeft = Math.max(1, row.retry_after);
    throw new AppError(
      'RATE_LIMITED',
      rule.message?.(secondsLeft) ?? ACCOUNT_MESSAGES.tooManyRequests,
      undefined,
      secondsLeft,
    );
  }
}
