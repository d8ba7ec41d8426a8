import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/** The second step of logging in must follow the first within this time. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/**
 * Wrong codes per account in 15 minutes (logging in, turning off, renewing codes), then 429:
 * a six-digit code has a million values, and five tries leave a guess hopeless.
 */
export const TWO_FACTOR_FAILURES_PER_ACCOUNT: RateLimitRule = {
  points: 5,
  durationSeconds: 15 * 60,
  keyPrefix: 'two-factor-fail',
};
/**
 * Codes from one step before or after the current 30-second one are accepted too: a phone's clock
 * a little off, or a code typed as it changed.
 */
export const TOTP_TOLERANCE_SECONDS = 30;
