// The payouts module's background jobs (pg-boss queues on the app's database).

/** Calls the provider for a written payout, with the payout's id as idempotency key. */
export const SEND_PAYOUT_JOB = 'payouts.send';
/** The weekly payout of everyone due (a chain of keyed weekly runs). */
export const WEEKLY_PAYOUT_JOB = 'payouts.weekly';
