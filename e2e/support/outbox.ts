import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * The e2e server has no SMTP_URL, so its e-mail lands in DATA_DIR/outbox as .eml files
 * (scripts/e2e-server.mjs sets DATA_DIR); every test's accounts are unique, so the recipient
 * finds a test's own message among the others.
 */
const OUTBOX = join(process.cwd(), '.tmp', 'e2e-data', 'outbox');

/**
 * The path and fragment of the newest link to `page` e-mailed to `email`: the page to open on the
 * test's own origin. `outbox` is another server's folder (DATA_DIR/outbox) when not the e2e server's.
 */
export async function linkFor(
  email: string,
  page: 'reset-password' | 'confirm-email' | 'unsubscribe',
  outbox = OUTBOX,
): Promise<string> {
  const fragment = page === 'unsubscribe' ? 'u=[^\\s&]+&k=\\w+&t=[A-Za-z0-9_-]+' : 'token=[A-Za-z0-9_-]+';
  const pattern = new RegExp(`https?://\\S+/${page}#${fragment}`);
  let link = '';
  await expect
    .poll(
      async () => {
        // File names start with the time they were written: sorted, the newest is last.
        const files = existsSync(outbox)
          ? readdirSync(outbox)
              .filter((file) => file.endsWith('.eml'))
              .sort()
          : [];
        for (const file of files) {
          const raw = readFileSync(join(outbox, file));
          if (!raw.includes(email)) continue;
          const mail = await simpleParser(raw);
          const url = pattern.exec(mail.text ?? '')?.[0];
          if (url) link = new URL(url).pathname + new URL(url).hash;
        }
        return link;
      },
      { message: `a ${page} e-mail to ${email} in ${outbox}` },
    )
    .not.toBe('');
  return link;
}

export const resetLinkFor = (email: string): Promise<string> => linkFor(email, 'reset-password');
