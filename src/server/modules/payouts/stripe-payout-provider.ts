import type Stripe from 'stripe';
import { constructStripeEvent, stripeClient } from '../../adapters/payments/stripe-client';
import type { Env } from '../../env';
import type { PayoutEvent, PayoutProvider } from './payout-provider';
import type { PayoutsContext } from './payouts-context';

// Tutors paid through Stripe Connect Express (ADR 028): an Express account per tutor, Stripe's
// hosted onboarding (an Account Link back to Earnings), and separate transfers from the
// platform's balance, one per payout: the payout's id is the idempotency key and names the
// transfer group. Stripe's word comes by webhook: account.updated (payouts enabled, or what is
// due), transfer.created (the money reached the tutor's Stripe balance: the payout is paid) and
// transfer.reversed (it came back: the payout failed).

export interface StripeConnect {
  stripe: Stripe;
  /** The signing secrets of the payouts' endpoints: platform events and Connect events. */
  webhookSecrets: string[];
}

/** Stripe Connect when STRIPE_SECRET_KEY is set (env.ts requires its webhook secrets then). */
export async function configuredStripeConnect(env: Env): Promise<StripeConnect | undefined> {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  return {
    stripe: await stripeClient(env.STRIPE_SECRET_KEY),
    webhookSecrets: [env.STRIPE_PAYOUTS_WEBHOOK_SECRET, env.STRIPE_CONNECT_WEBHOOK_SECRET].filter(
      (secret): secret is string => Boolean(secret),
    ),
  };
}

const earnings = (publicUrl: string, state: string) =>
  `${publicUrl.replace(/\/$/, '')}/tutor/earnings?payouts=${state}`;

export const transferGroupOf = (payoutId: string) => `payout_${payoutId}`;

export function stripePayoutProvider(ctx: PayoutsContext, connect: StripeConnect): PayoutProvider {
  const { stripe } = connect;
  return {
    name: 'stripe',

    async onboardingLink(tutorProfileId, existingAccountId) {
      const accountId =
        existingAccountId ??
        (
          await stripe.accounts.create(
            {
              type: 'express',
              capabilities: { transfers: { requested: true } },
              // Our id only: Stripe asks the tutor for everything personal on its own page.
              metadata: { tutorProfileId },
            },
            // Two clicks on "Set up payouts" open one account.
            { idempotencyKey: `payout-account-${tutorProfileId}` },
          )
        ).id;
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        // An expired or reused link sends the tutor back to Earnings, which asks for a new one.
        refresh_url: earnings(ctx.env.PUBLIC_URL, 'refresh'),
        return_url: earnings(ctx.env.PUBLIC_URL, 'ready'),
      });
      return { accountId, onboardingUrl: link.url };
    },

    async transfer({ idempotencyKey, accountId, amountCents, currency }) {
      const transfer = await stripe.transfers.create(
        {
          amount: amountCents,
          currency: currency.toLowerCase(),
          destination: accountId,
          transfer_group: transferGroupOf(idempotencyKey),
          metadata: { payoutId: idempotencyKey },
        },
        { idempotencyKey },
      );
      return { transferId: transfer.id };
    },
  };
}

/**
 * A signed Stripe delivery as a payout event; null for an event we do not act on (or a
 * transfer that is not a payout of ours). Throws WebhookSignatureError when it is not Stripe's.
 */
export function parseStripePayoutEvent(
  connect: StripeConnect,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
): PayoutEvent | null {
  const event = constructStripeEvent(connect.stripe, rawBody, header, connect.webhookSecrets, now);
  if (event.type === 'account.updated') return accountEvent(event.id, event.data.object);
  if (event.type !== 'transfer.created' && event.type !== 'transfer.reversed') return null;
  const transfer = event.data.object;
  const payoutId = transfer.metadata?.payoutId;
  if (!payoutId) return null;
  if (event.type === 'transfer.created')
    return { id: event.id, type: 'payout.paid', payoutId, transferId: transfer.id };
  return {
    id: event.id,
    type: 'payout.reversed',
    payoutId,
    transferId: transfer.id,
    amountCents: transfer.amount_reversed,
    failureMessage: REVERSED_MESSAGE,
  };
}

export const REVERSED_MESSAGE =
  'Stripe returned this payout: check your payout account on Stripe, then withdraw again.';

/** The account's state as we keep it: can be paid, not finished, or something due. */
function accountEvent(id: string, account: Stripe.Account): PayoutEvent {
  const due = [
    ...new Set([
      ...(account.requirements?.past_due ?? []),
      ...(account.requirements?.currently_due ?? []),
    ]),
  ];
  const status =
    account.payouts_enabled && due.length === 0
      ? 'active'
      : account.details_submitted
        ? 'needs_attention'
        : 'onboarding';
  const bank = account.external_accounts?.data.find((external) => 'last4' in external);
  return {
    id,
    type: 'account.updated',
    accountId: account.id,
    status,
    reason: status === 'needs_attention' ? attentionReason(due) : '',
    displayName: bank ? `Bank account •••• ${bank.last4}` : 'Stripe account',
  };
}

/** Stripe's requirement codes, said for a tutor. */
const REQUIREMENTS: [RegExp, string][] = [
  [/verification\.(additional_)?document/, 'an identity document'],
  [/external_account/, 'your bank account'],
  [/tos_acceptance/, "acceptance of Stripe's terms"],
  [/(dob|address|first_name|last_name|phone|email|id_number|ssn_last_4)/, 'your personal details'],
];

export function attentionReason(due: string[]): string {
  const needs = [
    ...new Set(
      due.map(
        (code) => REQUIREMENTS.find(([pattern]) => pattern.test(code))?.[1] ?? 'more details',
      ),
    ),
  ];
  return needs.length === 0
    ? 'Stripe has paused payouts to your account: open your payout account to see why.'
    : `Stripe needs ${needs.join(', ')} before it can pay you. Update your payout account.`;
}
