import { sql, type Kysely } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../../domain/messages';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';

export interface RateLimitRule {
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
  const key = `${rule.name}:${subject}`;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_start: sql`now()` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.count + 1 end`,
        window_start: sql`case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end`,
      }),
    )
    .returning([
      'count',
      sql<number>`ceil(extract(epoch from (window_start + ${window} - now())))::int`.as(
        'retry_after',
      ),
    ])
    .executeTakeFirstOrThrow();
  if (row.count > rule.max) {
    throw new AppError(
      'RATE_LIMITED',
      ACCOUNT_MESSAGES.tooManyRequests,
      undefined,
      Math.max(1, row.retry_after),
    );
  }
}
