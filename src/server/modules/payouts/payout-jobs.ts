// The payouts module's background jobs (pg-boss queues on the app's database).

/** Calls the provider for a written payout, with the payout's id as idempotency key. */
export const SEND_PAYOUT_JOB = 'payouts.send';
/** The weekly payout of everyone due (a chain of keyed weekly runs). */
export const WEEKLY_PAYOUT_JOB = 'payouts.weekly';
/** The daily reconciliation of the provider's record with the ledger (a chain of keyed days). */
export const RECONCILE_JOB = 'payouts.reconcile';
