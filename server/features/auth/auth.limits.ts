import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/** A session lives this long after its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
export const SESSION_TOKEN_BYTES = 32;

export const LOGIN_ATTEMPTS_PER_IP: RateLimitRule = {
  points: 30,
  durationSeconds: 15 * 60,
  keyPrefix: 'login-ip',
};
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = {
  points: 10,
  durationSeconds: 15 * 60,
  keyPrefix: 'login-account',
};
export const SIGNUPS_PER_IP: RateLimitRule = { points: 10, durationSeconds: 60 * 60, keyPrefix: 'signup-ip' };

export const AUTH_RATE_RULES = {
  loginPerIp: LOGIN_ATTEMPTS_PER_IP,
  loginFailuresPerAccount: LOGIN_FAILURES_PER_ACCOUNT,
  signUpPerIp: SIGNUPS_PER_IP,
};
