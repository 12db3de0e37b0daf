import { z } from 'zod';
import { defineJob, MONEY_OWED_RETRIES } from '../../adapters/jobs/define-job';

// The payouts module's background jobs (pg-boss queues on the app's database, ADR 014).
export const PAYOUT_JOBS = {
  /** Calls the provider for a written payout, with the payout's id as idempotency key. */
  send: defineJob('payouts.send', z.object({ payoutId: z.string() }), MONEY_OWED_RETRIES),
  /** The weekly payout of everyone due (a chain of keyed weekly runs). */
  weekly: defineJob('payouts.weekly', z.object({ week: z.number().int() })),
  /** The daily reconciliation of the provider's record with the ledger (a chain of keyed days;
   * its payload names the period `week` as the weekly chain's does). */
  reconcile: defineJob('payouts.reconcile', z.object({ week: z.number().int() })),
  /** The tutor's email when their payout account needs attention (keyed by the provider's event). */
  accountAttention: defineJob(
    'payouts.account-attention',
    z.object({ tutorProfileId: z.string() }),
  ),
  /** The tutor's email once a payout is paid or failed. */
  notice: defineJob('payouts.notice', z.object({ payoutId: z.string() })),
  /** The built-in provider's simulated bank transfer settling (local-payout-provider.ts). */
  localSettle: defineJob(
    'local-payouts.settle',
    z.object({ transferId: z.string() }),
    MONEY_OWED_RETRIES,
  ),
};
