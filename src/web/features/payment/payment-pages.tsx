export const PAYMENT_PLACEHOLDERS = {
  checkout: [
    'Checkout',
    'Secure card payment for your booking — arriving with booking and payments.',
  ],
  success: [
    'Payment Successful',
    'Your booking confirmation will appear here once payments are live.',
  ],
  cancel: [
    'Payment Cancelled',
    'Your payment was not completed. No charges have been made to your account.',
  ],
  bookingPlan: [
    'Book a lesson',
    'Choose a trial, a single lesson or a package — arriving with booking.',
  ],
} as const;
