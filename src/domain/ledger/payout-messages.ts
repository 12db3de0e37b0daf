import { formatMoney } from '../money';

// What tutors are told about payouts (issue #25): one constant per text.
export const PAYOUT_MESSAGES = {
  noAccount: 'Set up your payout account before you withdraw.',
  accountNotReady: 'Your payout account needs attention before you can withdraw.',
  payoutOnItsWay: 'A payout is already on its way. You can withdraw again once it arrives.',
  belowMinimum: (minimumCents: number) =>
    `You can withdraw once at least ${formatMoney(minimumCents)} is available.`,
  payoutNotFound: 'Payout not found.',
  onlyFailedRetried: 'Only a failed payout can be retried.',
  webhookSignatureInvalid: 'Invalid webhook signature.',
  providerNotConfigured: 'This payout provider is not configured.',
  adjustmentReason: 'Say why the balance is adjusted (at least 5 characters).',
  adjustmentAmount: 'Enter an amount in cents other than zero.',
  tutorNotFound: 'Tutor not found.',
} as const;
