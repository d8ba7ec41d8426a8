import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { WebPushTarget } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Where a made key pair is kept. The private key is a secret: the file is its owner's only. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const storedKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The instance's VAPID key pair: VAPID_* when given, else the pair kept in DATA_DIR, made on
 * the first start. It must never change by itself: every device subscribed with its public key,
 * and a push signed with another is refused.
 */
export function vapidKeysFor(target: WebPushTarget, dataDir: string): VapidKeys {
  if (target.keys) return target.keys;
  const file = join(dataDir, VAPID_KEYS_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // `wx`: of two processes starting at once on one DATA_DIR, one writes and both read it.
      writeFileSync(file, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = storedKeysSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!stored.success)
    throw new Error(`${file} is not a VAPID key pair: restore it, or delete it to make a new one`);
  return stored.data;
}
