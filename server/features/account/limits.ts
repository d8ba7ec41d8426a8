import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/**
 * Wrong current passwords per account (changing e-mail or password, deleting the account),
 * then 429 even for the right one: a stolen session cannot be used to guess the password.
 * The same shape as the log-in rule (LOGIN_FAILURES_PER_ACCOUNT).
 */
export const PASSWORD_CHECK_FAILURES_PER_ACCOUNT: RateLimitRule = {
  points: 10,
  durationSeconds: 15 * 60,
  keyPrefix: 'password-check-account',
};
