import { displayNameOf, type BankDetails } from '../../../domain/ledger/bank-details';
import { deliverEvent } from './local-payout-provider';
import type { PayoutsContext } from './payouts-context';
import { payoutProviderOf } from './send-payout';
import * as repository from './payouts.repository';

// A tutor's payout account: the provider's onboarding link (a new account the first time, the
// same account afterwards, e.g. to fix one that needs attention), and, for the built-in
// provider, the details given on its page, confirmed to us by its signed account.updated event.

export async function startOnboarding(ctx: PayoutsContext, tutorProfileId: string) {
  const existing = await repository.findPayoutAccount(ctx.db, tutorProfileId);
  const provider = payoutProviderOf(ctx);
  const link = await provider.onboardingLink(tutorProfileId, existing?.provider_account_id);
  await repository.savePayoutAccount(ctx.db, {
    tutorProfileId,
    provider: provider.name,
    accountId: link.accountId,
    now: ctx.clock.now(),
  });
  return { onboardingUrl: link.onboardingUrl };
}

export const findOnboarding = (ctx: PayoutsContext, token: string) =>
  ctx.db
    .selectFrom('local_payout_accounts')
    .select(['id', 'completed_at'])
    .where('onboarding_token', '=', token)
    .executeTakeFirst();

/** The built-in provider takes the details, then tells us the account can be paid. */
export async function completeLocalOnboarding(
  ctx: PayoutsContext,
  accountId: string,
  details: BankDetails,
) {
  const now = ctx.clock.now();
  await ctx.db
    .updateTable('local_payout_accounts')
    .set({
      legal_name: details.legalName,
      country: details.country,
      iban: 'iban' in details ? details.iban : null,
      account_number: 'accountNumber' in details ? details.accountNumber : null,
      routing_number: 'routingNumber' in details ? details.routingNumber : null,
      completed_at: now,
    })
    .where('id', '=', accountId)
    .execute();
  await deliverEvent(ctx, {
    id: `levt_${accountId}_${now.getTime()}`,
    type: 'account.updated',
    accountId,
    status: 'active',
    reason: '',
    displayName: displayNameOf(details),
  });
}
