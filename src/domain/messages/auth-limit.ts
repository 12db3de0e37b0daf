/** Server-side limits on the account endpoints that say more than "too many attempts". */
export const AUTH_LIMIT_MESSAGES = {
  resendCooldown: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code.`,
} as const;
