import { createHmac, randomBytes } from 'node:crypto';
import { SESSION_TOKEN_BYTES } from './auth.limits';

export function newSessionToken(): string {
  return randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
}

/** Sessions are stored under an HMAC of the cookie token, keyed by SESSION_SECRET. */
export function sessionIdFor(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
