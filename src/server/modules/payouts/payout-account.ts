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
  // An account at another provider (the settings changed) is replaced by a new one here.
  const link = await provider.onboardingLink(
    tutorProfileId,
    existing?.provider === provider.name ? existing.provider_account_id : undefined,
  );
  await repository.savePayoutAccount(ctx.db, {
    tutorProfileId,
    provider: provider.name,
    accountId: link.accountId,
    now: ctx.clock.now(),
  });
  return { onboardingUrl: link.onboardingUrl };
}

export const findOnboarding = (ctx: PayoutsContext, token: string) =>
  repository.findLocalOnboarding(ctx.db, token);

/** The built-in provider takes the details, then tells us the account can be paid. */
export async function completeLocalOnboarding(
  ctx: PayoutsContext,
  accountId: string,
  details: BankDetails,
) {
  const now = ctx.clock.now();
  await repository.saveLocalBankDetails(
    ctx.db,
    accountId,
    {
      legalName: details.legalName,
      country: details.country,
      iban: 'iban' in details ? details.iban : null,
      accountNumber: 'accountNumber' in details ? details.accountNumber : null,
      routingNumber: 'routingNumber' in details ? details.routingNumber : null,
    },
    now,
  );
  await deliverEvent(ctx, {
    id: `levt_${accountId}_${now.getTime()}`,
    type: 'account.updated',
    accountId,
    status: 'active',
    reason: '',
    displayName: displayNameOf(details),
  });
}
