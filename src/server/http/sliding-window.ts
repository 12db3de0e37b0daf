import { AppError } from '../errors';

// A per-user budget of writes in a sliding window, counted from the rows the writes leave
// (reports, messages), so every process agrees. The caller counts under its own lock.

export interface WindowCount {
  /** Writes since the window's start. */
  count: number;
  /** The oldest of them (when it leaves the window, one more is allowed). */
  oldest: Date | null;
}

/** 429 RATE_LIMITED with `message` and Retry-After, once `recent` has used the budget. */
export function refuseOverBudget(
  recent: WindowCount,
  budget: { limit: number; windowMs: number },
  now: Date,
  message: string,
) {
  if (recent.count < budget.limit) return;
  const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + budget.windowMs;
  throw new AppError(
    'RATE_LIMITED',
    message,
    undefined,
    Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
  );
}
