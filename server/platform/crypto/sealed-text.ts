import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Text the server must read back later but no copy of the database may: a queued e-mail that
 * carries a live link, a two-factor secret. Sealed with AES-256-GCM under a key derived from the
 * session secret, one key per purpose, so a value sealed for one use cannot be opened as another.
 */
export interface TextSeal {
  seal(text: string): string;
  /** Throws when the text was not sealed with this key and purpose, or was changed. */
  open(sealed: string): string;
}

export function createTextSeal(secret: string, purpose: string): TextSeal {
  const key = Buffer.from(hkdfSync('sha256', secret, 'tidings', purpose, 32));
  return {
    seal(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
