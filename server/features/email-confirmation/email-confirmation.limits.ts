import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/** A confirmation link works this long: mail can sit unread over a weekend. */
export const EMAIL_CONFIRMATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
export const EMAIL_CONFIRMATION_TOKEN_BYTES = 32;

/** New confirmation links one account may ask for in an hour ("Send the link again"). */
export const CONFIRMATION_RESENDS_PER_ACCOUNT: RateLimitRule = {
  points: 3,
  durationSeconds: 60 * 60,
  keyPrefix: 'confirm-resend',
};
/** Tokens one IP address may try in 15 minutes: guessing a 256-bit token is hopeless, and stays slow. */
export const CONFIRM_ATTEMPTS_PER_IP: RateLimitRule = {
  points: 20,
  durationSeconds: 15 * 60,
  keyPrefix: 'confirm-attempt-ip',
};
