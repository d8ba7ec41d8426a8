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

/** The path and fragment of the reset link e-mailed to `email`: the page to open on the test's own origin. */
export async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const files = existsSync(OUTBOX) ? readdirSync(OUTBOX).filter((file) => file.endsWith('.eml')) : [];
        for (const file of files) {
          const raw = readFileSync(join(OUTBOX, file));
          if (!raw.includes(email)) continue;
          const mail = await simpleParser(raw);
          const url = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
          if (url) link = new URL(url).pathname + new URL(url).hash;
        }
        return link;
      },
      { message: `a reset e-mail to ${email} in ${OUTBOX}` },
    )
    .not.toBe('');
  return link;
}
