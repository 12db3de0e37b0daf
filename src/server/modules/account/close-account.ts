import type { ClosingSummary } from '../../../contracts/account.contract';
import type { UserRole } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as A } from '../../../domain/messages';
import { accountDeletedEmail } from '../../adapters/mail/account-emails';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { AppError } from '../../errors';
import { giveRefund } from '../payments/refunds';
import { ACCOUNT_JOBS } from './account.jobs';
import { checkCurrentPassword, type AccountContext } from './account.service';
import { endFutureLessons, partyOf } from './cancel-party-lessons';
import * as repository from './closing.repository';
import { transactionRetriedOnce } from '../../db/retry-on-conflict';

// Deleting an account, said plainly before it happens (closingSummary) and done in one
// transaction (closeAccount): future lessons canceled, the other side told by email, money for
// paid future lessons and unused package credits refunded through the payment provider (jobs,
// so a provider outage only delays it), then the user row anonymised and every session ended.

export interface ClosingContext extends AccountContext {
  paymentProvider: PaymentProvider;
  env: { PUBLIC_URL: string };
}

export async function closingSummary(
  ctx: AccountContext,
  user: { id: string; role: UserRole },
): Promise<ClosingSummary> {
  const party = await partyOf(ctx.db, user.id, user.role);
  if (!party) return { futureLessons: 0, refunds: [], unusedCredits: 0 };
  const now = ctx.clock.now();
  const [lessons, refunds] = await Promise.all([
    repository.futureLessons(ctx.db, party, now),
    repository.refundsOwed(ctx.db, party, now),
  ]);
  // One total per currency.
  const totals = new Map<string, number>();
  for (const refund of refunds)
    totals.set(refund.currency, (totals.get(refund.currency) ?? 0) + refund.amountCents);
  return {
    futureLessons: lessons.length,
    refunds: [...totals]
      .filter(([, cents]) => cents > 0)
      .map(([currency, amountCents]) => ({ amountCents, currency })),
    unusedCredits: refunds.reduce((sum, refund) => sum + refund.unusedCredits, 0),
  };
}

/** Closes the signed-in account; the caller then ends the browser's session. */
export async function closeAccount(
  ctx: ClosingContext,
  user: { id: string; role: UserRole },
  password: string | undefined,
  headers: Headers,
) {
  const account = await repository.passwordState(ctx.db, user.id);
  if (!account) throw new AppError('UNAUTHENTICATED', A.signInRequired);
  await checkCurrentPassword(ctx.auth, account.has_password, password, headers);
  const party = await partyOf(ctx.db, user.id, user.role);
  const now = ctx.clock.now();
  // Users before lessons (ADR 025); a deadlock or serialization failure runs again once.
  await transactionRetriedOnce(ctx.db, async (trx) => {
    const open = await repository.lockOpenAccount(trx, user.id);
    if (!open) throw new AppError('UNAUTHENTICATED', A.signInRequired);
    if (party)
      await endFutureLessons(ctx.jobs, trx, {
        userId: user.id,
        party,
        now,
        cancelReason: 'Account deleted',
        cancelCause: 'account_closed',
        refundReason: 'account_closed',
        refundKey: closingRefundKey,
        publicUrl: ctx.env.PUBLIC_URL,
      });
    await ctx.jobs.send(
      ACCOUNT_JOBS.mail,
      accountDeletedEmail(open.email),
      { key: `account-deleted-${user.id}` },
      trx,
    );
    await repository.anonymise(trx, user.id, now);
  });
}

/** One closing refund per payment (the provider's key since closing first refunded). */
const closingRefundKey = (paymentId: string) => `account-closed-${paymentId}`;

/** A closing refund queued before they moved to the payments module's shared refund job. */
export const giveLegacyClosingRefund = (
  ctx: ClosingContext,
  job: { paymentId: string; amountCents: number },
) =>
  giveRefund(ctx, {
    ...job,
    reason: 'account_closed',
    key: closingRefundKey(job.paymentId),
    endsPackage: true,
  });
