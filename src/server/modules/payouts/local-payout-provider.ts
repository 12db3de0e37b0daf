import { randomBytes } from 'node:crypto';
import { payoutFailsFor, LOCAL_FAILURE } from '../../../domain/ledger/bank-details';
import type { PayoutEvent, PayoutProvider } from './payout-provider';
import type { PayoutsContext } from './payouts-context';
import { deriveLocalPayoutSecret, signPayoutEvent } from './local-payout-webhook';
import * as repository from './payouts.repository';
import { PAYOUT_JOBS } from './payouts.jobs';

// The built-in payout provider (the default): its records are its own tables, so every API
// process serves its onboarding page and answers for its transfers. A transfer settles a little
// later, by a job, and is confirmed to our webhook endpoint with a signed event, as a real
// provider would: paid, or failed for the documented failing test accounts.

/** How long a simulated bank transfer takes (real time: the database's clock runs the job). */
const SETTLE_AFTER_MS = 2_000;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export const onboardingPath = (token: string) => `/payouts/local/onboarding/${token}`;
export const localPayoutWebhookPath = '/api/payouts/webhooks/local';

export function localPayoutProvider(ctx: PayoutsContext): PayoutProvider {
  return {
    name: 'local',
    async onboardingLink(_tutorProfileId, existingAccountId) {
      const token = randomBytes(24).toString('base64url');
      const now = ctx.clock.now();
      let accountId = existingAccountId;
      if (accountId) await repository.setLocalOnboardingToken(ctx.db, accountId, token);
      else {
        accountId = newId('lacct');
        await repository.insertLocalPayoutAccount(ctx.db, accountId, token, now);
      }
      return { accountId, onboardingUrl: `${ctx.env.PUBLIC_URL}${onboardingPath(token)}` };
    },

    async transfer({ idempotencyKey, accountId, amountCents, currency }) {
      const transfer = await repository.insertLocalTransferOnce(ctx.db, {
        id: newId('ltr'),
        accountId,
        idempotencyKey,
        amountCents,
        currency,
        now: ctx.clock.now(),
      });
      await ctx.jobs.send(
        PAYOUT_JOBS.localSettle,
        { transferId: transfer.id },
        { key: transfer.id, startAfter: new Date(Date.now() + SETTLE_AFTER_MS) },
      );
      return { transferId: transfer.id };
    },
  };
}

/**
 * The bank's answer: the transfer is paid, or fails for a failing test account; then the signed
 * event goes to our webhook endpoint (a refused delivery throws, and the job delivers again).
 */
export async function settleLocalTransfer(ctx: PayoutsContext, transferId: string) {
  const transfer = await ctx.db.transaction().execute(async (trx) => {
    const row = await repository.lockLocalTransfer(trx, transferId);
    if (!row) return undefined;
    if (row.status !== 'pending') return row;
    const fails = payoutFailsFor({ iban: row.iban, accountNumber: row.account_number });
    const status = fails ? ('failed' as const) : ('paid' as const);
    await repository.settleLocalTransferRow(
      trx,
      transferId,
      { status, failureCode: fails ? LOCAL_FAILURE.code : null },
      ctx.clock.now(),
    );
    return { ...row, status };
  });
  if (!transfer || transfer.status === 'pending') return;
  const event: PayoutEvent =
    transfer.status === 'paid'
      ? {
          id: `levt_${transfer.id}_paid`,
          type: 'payout.paid',
          payoutId: transfer.idempotency_key,
          transferId: transfer.id,
        }
      : {
          id: `levt_${transfer.id}_failed`,
          type: 'payout.failed',
          payoutId: transfer.idempotency_key,
          transferId: transfer.id,
          failureMessage: LOCAL_FAILURE.message,
        };
  await deliverEvent(ctx, event);
}

/** POSTs a signed event to our own webhook endpoint, as the provider's servers would. */
export async function deliverEvent(ctx: PayoutsContext, event: PayoutEvent) {
  const body = JSON.stringify(event);
  const secret = deriveLocalPayoutSecret(ctx.signingSecret);
  const response = await fetch(`${ctx.env.PUBLIC_URL}${localPayoutWebhookPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'tutora-signature': signPayoutEvent(secret, body, ctx.clock.now()),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`payout webhook refused: ${response.status}`);
}
