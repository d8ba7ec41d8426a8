import { z } from 'zod';
import { createTextSeal } from '../crypto/sealed-text';

/**
 * A message's two parts as they wait in the outbox, and its own headers where it has any
 * (List-Unsubscribe, whose link is a credential too).
 */
export const mailBodySchema = z.object({
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailBody = z.infer<typeof mailBodySchema>;

/**
 * A queued message can carry a live credential (a password-reset link), and tokens are only ever
 * stored hashed; the outbox cannot hash a body it must still send, so it seals it. A copy of the
 * database alone reads nothing.
 */
export interface BodySeal {
  seal(body: MailBody): string;
  /** Throws when the text was not sealed with this key or was changed. */
  open(sealed: string): MailBody;
}

export function createBodySeal(secret: string): BodySeal {
  const text = createTextSeal(secret, 'mail-outbox-body');
  return {
    seal: (body) => text.seal(JSON.stringify(body)),
    open: (sealed) => mailBodySchema.parse(JSON.parse(text.open(sealed))),
  };
}
