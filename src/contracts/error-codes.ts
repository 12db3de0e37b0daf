import { z } from 'zod/mini';

/**
 * Every error the API answers, by code, with its HTTP status. Errors carry a code, never a
 * status: the server maps code to status here, and the web compares codes, not messages.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** Signing in refused: an admin suspended the account (the message says why). */
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // Why a booking was refused (issue 24): the web tells a taken slot from a used trial.
  /** The slot is not offered any more: taken by another lesson of the tutor or the student. */
  SLOT_TAKEN: 409,
  /** The student has had their trial with this tutor: a single lesson or a package instead. */
  TRIAL_USED: 409,
  /** The package's validity ended: its credits can no longer be scheduled. */
  PACKAGE_EXPIRED: 409,
  /** The package's payment has not completed yet. */
  PACKAGE_NOT_ACTIVE: 409,
  /** Every credit of the package is used (or went back as money). */
  NO_CREDITS_LEFT: 409,
  /** Only a pending or scheduled lesson that has not started can move. */
  CANNOT_RESCHEDULE: 409,
  /** The cancellation policy does not let this party cancel this lesson now. */
  CANNOT_CANCEL: 409,
  // A no-show report (ADR 018): after the end, within 48 hours, once, and not of a reviewed lesson.
  /** The lesson has not ended, or its 48-hour report window has closed. */
  CANNOT_REPORT_NO_SHOW: 409,
  /** The other party already reported this lesson as a no-show. */
  NO_SHOW_ALREADY_REPORTED: 409,
  /** The lesson has a review, so it took place. */
  LESSON_REVIEWED: 409,
  // A tutor's move request (ADR 032): one waits per lesson, and only a waiting one is answered.
  /** The lesson already has a new time waiting for its student's answer. */
  MOVE_REQUEST_OPEN: 409,
  /** The request was answered, withdrawn, or left unanswered until the start. */
  MOVE_REQUEST_CLOSED: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The payment provider could not be reached or refused a call. */
  PAYMENT_PROVIDER_FAILED: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Every API error has this body; `code` is stable for programs, `message` is for people. */
export const errorResponse = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Field-level messages for validation errors, keyed by dotted path. */
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
