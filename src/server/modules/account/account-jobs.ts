// The account's background jobs: its emails, and refunds queued before they moved to the
// payments module's shared refund job (payments/refunds.ts).
export const ACCOUNT_JOBS = { refund: 'account.refund', mail: 'account.mail' } as const;
