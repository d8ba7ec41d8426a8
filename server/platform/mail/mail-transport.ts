import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTarget } from '../../config';
import { MAIL_SMTP_TIMEOUT_MS } from './limits';
import type { MailBody } from './sealed-body';

export interface OutgoingMail extends MailBody {
  to: string;
  subject: string;
}

/** Where sent messages go: an SMTP server, or (with no SMTP_URL) `.eml` files in a folder. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface TransportLog {
  info(details: object, message: string): void;
}

/** Links in a message's text part, as the log of the outbox folder names them. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

export function createMailTransport(target: MailTarget, log: TransportLog): MailTransport {
  return target.kind === 'smtp' ? smtpTransport(target.url, target.from) : folderTransport(target, log);
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: MAIL_SMTP_TIMEOUT_MS,
    greetingTimeout: MAIL_SMTP_TIMEOUT_MS,
    socketTimeout: MAIL_SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without a mail server the messages are still whole e-mails (nodemailer builds them exactly as it
 * would for SMTP), written where the operator can open them, and their links are logged: enough
 * for a single-machine instance to reset a password.
 */
function folderTransport({ dir, from }: { dir: string; from: string }, log: TransportLog): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      // The message may hold a live link: readable by the server's user only. Written under
      // another name first, so whatever watches the folder never reads half a message.
      await writeFile(`${file}.partial`, info.message, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      log.info(
        { to: mail.to, subject: mail.subject, file, links: linksIn(mail.text) },
        'e-mail written to the outbox folder',
      );
    },
    close: () => composer.close(),
  };
}
