import type { Kysely } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../../domain/messages';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { countHit } from './auth.repository';

interface RateLimitRule {
  /** What is limited, e.g. 'sign-in:email'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Limits on the account endpoints: per network address and per account where it matters. */
export const RATE_LIMITS = {
  signInPerIp: { name: 'sign-in:ip', max: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { name: 'sign-in:email', max: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { name: 'sign-up:ip', max: 20, windowSeconds: 60 * 60 },
  codeCheckPerAccount: { name: 'code-check:email', max: 10, windowSeconds: 15 * 60 },
  codeCheckPerIp: { name: 'code-check:ip', max: 30, windowSeconds: 15 * 60 },
  resendPerAccount: { name: 'resend:email', max: 5, windowSeconds: 30 * 60 },
  resetRequestPerIp: { name: 'reset-request:ip', max: 10, windowSeconds: 15 * 60 },
  resetRequestPerAccount: { name: 'reset-request:email', max: 3, windowSeconds: 15 * 60 },
  resetPerIp: { name: 'reset:ip', max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one hit against `rule` for `subject` in a fixed window kept in the database, so every
 * API process shares the count. Throws a RATE_LIMITED AppError once the window's budget is spent.
 */
export async function hit(db: Kysely<DB>, rule: RateLimitRule, subject: string): Promise<void> {
  const row = await countHit(db, `${rule.name}:${subject}`, rule.windowSeconds);
  if (row.count > rule.max) {
    throw new AppError(
      'RATE_LIMITED',
      ACCOUNT_MESSAGES.tooManyRequests,
      undefined,
      Math.max(1, row.retry_after),
    );
  }
}
