import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailedNotificationType } from '../../../common/contracts/email-notifications';

/**
 * The signature in an unsubscribe link: HMAC-SHA256 of the account and the kind under the session
 * secret. Nothing is stored, and the link can do one thing only: stop that kind of e-mail.
 */
export function unsubscribeToken(secret: string, userId: string, kind: EmailedNotificationType): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}

export function isUnsubscribeToken(
  secret: string,
  userId: string,
  kind: EmailedNotificationType,
  token: string,
): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId, kind));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query of both links: the page people open, and the address mail clients post to. */
export function unsubscribeQuery(secret: string, userId: string, kind: EmailedNotificationType): string {
  return new URLSearchParams({ u: userId, k: kind, t: unsubscribeToken(secret, userId, kind) }).toString();
}
