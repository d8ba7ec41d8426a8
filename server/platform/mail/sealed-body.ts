import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** A message's two parts as they wait in the outbox. */
export const mailBodySchema = z.object({ text: z.string(), html: z.string() });
export type MailBody = z.infer<typeof mailBodySchema>;

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A queued message can carry a live credential (a password-reset link), and tokens are only ever
 * stored hashed; the outbox cannot hash a body it must still send, so it seals it with AES-256-GCM
 * under a key derived from the session secret. A copy of the database alone reads nothing.
 */
export interface BodySeal {
  seal(body: MailBody): string;
  /** Throws when the text was not sealed with this key or was changed. */
  open(sealed: string): MailBody;
}

export function createBodySeal(secret: string): BodySeal {
  const key = Buffer.from(hkdfSync('sha256', secret, 'tidings', 'mail-outbox-body', 32));
  return {
    seal(body) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      return mailBodySchema.parse(JSON.parse(plain.toString('utf8')));
    },
  };
}
