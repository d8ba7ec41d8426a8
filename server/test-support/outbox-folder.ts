import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

const WAIT_MS = 10_000;
const POLL_MS = 20;

/** The e-mails in DATA_DIR/outbox, oldest first, once there are at least `count` (sending is in the background). */
export async function outboxMails(dataDir: string, count: number): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.eml'))
          .sort()
      : [];
    if (files.length >= count)
      return Promise.all(files.map((file) => simpleParser(readFileSync(join(dir, file)))));
    if (Date.now() > deadline) throw new Error(`expected ${count} e-mails in ${dir}, found ${files.length}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The token of the link to `page` in a message's text part. */
function tokenOfLinkTo(page: string, mail: ParsedMail): string {
  const token = new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no ${page} link in: ${mail.text}`);
  return token;
}

/** The password-reset token in a message's text part. */
export const resetTokenIn = (mail: ParsedMail): string => tokenOfLinkTo('reset-password', mail);

/** The address-confirmation token in a message's text part. */
export const confirmTokenIn = (mail: ParsedMail): string => tokenOfLinkTo('confirm-email', mail);

export function recipientOf(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}
