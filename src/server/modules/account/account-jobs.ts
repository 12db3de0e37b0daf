// The account's background jobs: refunds owed when an account is deleted, and its emails.
export const ACCOUNT_JOBS = { refund: 'account.refund', mail: 'account.mail' } as const;
