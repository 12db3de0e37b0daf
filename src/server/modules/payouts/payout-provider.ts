// Where tutors are paid: one interface, the built-in `local` provider by default (Stripe Connect
// is its second implementation, ADR 028). Every call that moves money carries our payout's id
// as its idempotency key: the same key twice is one transfer.

export interface PayoutAccountLink {
  /** The provider's id of the tutor's account. */
  accountId: string;
  /** Where the tutor gives their details (the provider's page, outside the SPA). */
  onboardingUrl: string;
}

export interface PayoutProvider {
  readonly name: 'local' | 'stripe';
  /** Opens an account for a tutor, or a new onboarding link to the one they have. */
  onboardingLink(tutorProfileId: string, existingAccountId?: string): Promise<PayoutAccountLink>;
  /** Sends money to an account, once per key; answers the provider's transfer id. */
  transfer(request: {
    idempotencyKey: string;
    accountId: string;
    amountCents: number;
    currency: string;
  }): Promise<{ transferId: string }>;
}

/** What a provider's webhook tells about a payout or an account. */
export type PayoutEvent =
  | { id: string; type: 'payout.paid'; payoutId: string; transferId: string }
  | {
      id: string;
      type: 'payout.failed';
      payoutId: string;
      transferId: string;
      failureMessage: string;
    }
  | {
      /** The provider took a transfer back (Stripe: transfer.reversed), paid or not yet. */
      id: string;
      type: 'payout.reversed';
      payoutId: string;
      transferId: string;
      amountCents: number;
      failureMessage: string;
    }
  | {
      id: string;
      type: 'account.updated';
      accountId: string;
      status: 'onboarding' | 'active' | 'needs_attention';
      reason: string;
      displayName: string;
    };
