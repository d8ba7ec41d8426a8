import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/**
 * Notification e-mails to one account in an hour; past it the rest wait in the app's list. A
 * busy thread should not fill an inbox.
 */
export const NOTIFICATION_EMAILS_PER_HOUR: RateLimitRule = {
  points: 6,
  durationSeconds: 60 * 60,
  keyPrefix: 'notification-mail',
};
/** Characters of the post quoted in the e-mail. */
export const NOTIFICATION_EMAIL_EXCERPT_LENGTH = 280;
