export const PAYMENT_PLACEHOLDERS = {
  cancel: [
    'Payment Cancelled',
    'Your payment was not completed. No charges have been made to your account.',
  ],
} as const;
