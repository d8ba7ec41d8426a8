import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../common/contracts/limits';

/** Lower-case letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF_LENGTH = 5;

/** Ten codes like `k7m2q-xw9te` (about 49 bits each), each good for one sign-in. */
export function newRecoveryCodes(): string[] {
  const half = () => Array.from({ length: HALF_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
}

/** What the person typed, as stored: spaces, dashes and case do not matter. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Stored keyed by the session secret rather than plainly hashed: 49 bits is few enough that a
 * copy of the database alone could be searched through with a fast hash.
 */
export function recoveryCodeHash(code: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}
