import type { ErrorCode } from '../contracts/error-codes';

// Errors carry a code, not an HTTP status; the error handler maps codes to statuses with the
// contracts' ERROR_STATUS, the same list the web reads codes from.
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For RATE_LIMITED: sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
