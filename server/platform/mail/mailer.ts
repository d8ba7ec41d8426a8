import type { Db, Tx } from '../db/database';
import type { MailDelivery } from './mail-delivery';
import type { MailOutbox } from './mail-outbox';
import type { BodySeal, MailBody } from './sealed-body';

export interface MailMessage extends MailBody {
  /** What it is for, as the admin's list shows it ("password-reset"…). */
  kind: string;
  to: string;
  subject: string;
}

/** What features send e-mail with: a message is queued and the request goes on. */
export interface Mailer {
  queue(message: MailMessage, tx?: Db | Tx): Promise<void>;
}

export function createMailer(
  outbox: MailOutbox,
  seal: BodySeal,
  delivery: Pick<MailDelivery, 'wake'>,
  now: () => number = Date.now,
): Mailer {
  return {
    async queue({ kind, to, subject, text, html, headers }, tx) {
      const body = headers ? { text, html, headers } : { text, html };
      await outbox.enqueue({ kind, to, subject, sealedBody: seal.seal(body) }, now(), tx);
      // In a caller's transaction the row is not visible yet; the next poll sends it.
      delivery.wake();
    },
  };
}
