/** Canceling a lesson and reporting a no-show (issue 14; ADR 018). */
export const CANCELLATION_MESSAGES = {
  cancelLesson: 'Cancel lesson',
  cancelTitle: 'Cancel this lesson?',
  keepLesson: 'Keep lesson',
  confirmCancel: 'Cancel now',
  canceling: 'Canceling...',
  canceled: 'Lesson canceled',
  cancelFailed: 'Failed to cancel the lesson. Please try again.',
  loadQuoteFailed: 'Could not load what canceling would do. Please try again.',
  reasonLabel: 'Reason',
  reasonOptionalLabel: 'Reason (optional)',
  reasonPlaceholder: 'Tell the other side why',
  reasonRequired: 'Please tell the student why you cancel',
  reasonTooLong: (max: number) => `The reason must be at most ${max} characters`,
  cannotCancel: 'This lesson can no longer be canceled',
  // The quote, as the student reads it
  refundToCard: (amount: string) => `Cancel now and get ${amount} back to your card`,
  lateNoRefund: 'Less than 24 hours before the lesson: no refund',
  creditReturns: "Cancel now and the lesson's credit returns to your package",
  lateCreditUsed: "Less than 24 hours before the lesson: the lesson's credit is used",
  trialFree: 'A free trial can be canceled at any time',
  nothingToRefund: 'Nothing was paid for this lesson',
  // The quote, as the tutor reads it
  studentRefunded: (amount: string) => `The student gets ${amount} back to their card`,
  studentCreditReturns: "The lesson's credit returns to the student's package",
  // No-show
  reportNoShow: 'Report no-show',
  reportTitle: (who: string) => `Report that ${who} did not come?`,
  reportExplainTutorAbsent:
    'If your tutor did not come, you get the lesson back: the payment is refunded, or the credit returns to your package.',
  reportExplainStudentAbsent: 'The lesson counts as given: nothing is refunded.',
  confirmReport: 'Report no-show',
  reporting: 'Reporting...',
  reported: 'No-show reported',
  reportFailed: 'Failed to report the no-show. Please try again.',
  cannotReport: 'A no-show can be reported only within 48 hours after the lesson ends',
  alreadyReported: 'A no-show was already reported for this lesson',
  reviewedCannotReport: 'This lesson has a review, so it took place: a no-show cannot be reported',
  // Billing: why money went back
  refundReasons: {
    lesson_canceled: 'Refunded: you canceled the lesson at least 24 hours ahead.',
    tutor_canceled: 'Refunded: your tutor canceled the lesson.',
    tutor_no_show: 'Refunded: your tutor did not come to the lesson.',
    account_closed: 'Refunded: the lessons were canceled when an account was deleted.',
    account_suspended: 'Refunded: Tutora canceled the lesson when an account was suspended.',
  },
} as const;
