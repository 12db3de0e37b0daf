/** Checkout, success and cancel pages, packages, Billing and Earnings (spec 3, then ours). */
export const PAYMENT_MESSAGES = {
  // Spec 3: checkout
  secureCheckout: 'Secure Checkout',
  pay: (amount: string) => `Pay ${amount}`,
  processingPayment: 'Processing Payment',
  paymentFailed: 'Payment Failed',
  cancel: 'Cancel',
  redirectNotice:
    "By clicking the button above, you'll be redirected to our secure payment provider to complete this transaction.",
  loginRequired: 'You need to be logged in to checkout',
  noPaymentDetails: 'No payment details found',
  loadPaymentFailed: 'Failed to load payment details',
  createPaymentFailed: 'Failed to create payment record',
  createSessionFailed: 'Failed to create checkout session',
  invalidResponse: 'Invalid response from server',
  missingSessionDetails: 'Invalid response from server: missing session details',
  paymentSessionFailed: 'Failed to create payment session',
  processPaymentFailed: 'Failed to process payment',
  unexpected: 'An unexpected error occurred',
  preparingPayment: 'Preparing your payment...',
  // Spec 3: success
  paymentSessionMissing: 'Payment session information not found',
  finalizePackageFailed: 'Failed to finalize package purchase',
  finalizeBookingFailed: 'Failed to finalize booking',
  finalizeError: 'Error finalizing your booking',
  paymentSuccessful: 'Payment Successful',
  packagePurchaseComplete: 'Package Purchase Complete',
  paymentSuccessToast: 'Payment successful!',
  packagePurchasedToast: 'Package purchased successfully!',
  lessonBookedToast: 'Lesson booked successfully!',
  // Spec 3: cancel
  paymentCancelled: 'Payment Cancelled',
  noCharge: 'Your payment was not completed. No charges have been made to your account.',
  trialNotBooked: ' Your trial lesson has not been booked.',
  // Spec 3: backend fallbacks
  purchasePackageFailed: 'Failed to purchase package',
  scheduleLessonFailed: 'Failed to schedule lesson',
  packageFetchNeedsTutor: 'Tutor profile ID is required',
  // Ours, where the spec is silent.
  paidModeRequired: 'Choose a single lesson or a package to pay for',
  paidThroughCheckout: 'Paid lessons and packages are booked through the checkout',
  packageNotFound: 'This package is not available for this tutor',
  paymentNotFound: 'Payment not found',
  checkoutSessionNotFound: 'Checkout session not found',
  webhookSignatureInvalid: 'Webhook signature verification failed',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  holdNotice: (minutes: number) => `Your time slot is held for ${minutes} minutes while you pay.`,
  slotTakenRefunded:
    'Your payment arrived after the hold on your time slot ended, and someone else had booked that time. We refunded you in full; it shows on your card in 5–10 business days.',
  slotTakenReason:
    'The time you chose was booked by someone else after the hold on it ended, before your payment arrived.',
  stillProcessing:
    'Your bank is still confirming the payment. We will book the lesson as soon as it clears and email you.',
  notPaid: 'This payment was not completed. No charges have been made to your account.',
  noCreditsLeft: 'No lessons left in this package',
  packageExpired: 'This package has expired',
  packageNotActive: 'This package is not paid yet',
  packageNameRequired: 'Please give the package a name',
  packageNameTooLong: 'The name must be 80 characters or fewer',
  packageLessonsRange: 'A package has between 2 and 50 lessons',
  packageDiscountRange: 'The discount is a whole percentage between 0 and 50',
  packageValidityRange: 'A package is valid for between 7 and 730 days',
  packageDescriptionTooLong: 'The description must be 500 characters or fewer',
  creditsLeft: (left: number, total: number, until: string) =>
    `${left} of ${total} lessons left, valid until ${until}`,
  // Ours: the checkout, success and cancel pages.
  checkoutIntroFree: 'Check your lesson, then confirm it.',
  checkoutIntroPaid: 'Check your booking, then pay for it with our secure payment provider.',
  singleLessonType: 'Single lesson',
  packageType: 'Lesson package',
  packageLessonsFirst: (lessons: number) =>
    `${lessons} lessons, the first at this time; schedule the others later`,
  processingPaymentNote:
    'Taking you to our secure payment provider. Please do not close or refresh this page.',
  packageConfirmedText: (tutorName: string) =>
    `Your package with ${tutorName} is ready and your first lesson is booked. Schedule the others from the booking screen whenever you like.`,
  viewReceipt: 'View receipt',
  refundedTitle: 'Payment Refunded',
  processingTitle: 'Payment Processing',
  notPaidTitle: 'Payment Not Completed',
} as const;
