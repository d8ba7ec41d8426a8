import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/** A reset link works once, for this long. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_TOKEN_BYTES = 32;

/** Reset e-mails one address can be sent in an hour, whether or not an account uses it. */
export const RESET_REQUESTS_PER_ADDRESS: RateLimitRule = {
  points: 3,
  durationSeconds: 60 * 60,
  keyPrefix: 'reset-address',
};
/** Reset requests from one IP address in an hour, over every address it asks for. */
export const RESET_REQUESTS_PER_IP: RateLimitRule = {
  points: 10,
  durationSeconds: 60 * 60,
  keyPrefix: 'reset-ip',
};
/** Tokens one IP address may try in 15 minutes: guessing a 256-bit token is hopeless, and stays slow. */
export const RESET_ATTEMPTS_PER_IP: RateLimitRule = {
  points: 20,
  durationSeconds: 15 * 60,
  keyPrefix: 'reset-attempt-ip',
};
