import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_VAPID_ENV } from '../../test-support/vapid';
import { VAPID_KEYS_FILE, vapidKeysFor } from './vapid-keys';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tidings-vapid-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const unset = { keys: null, subject: 'mailto:push@localhost', allowedAddresses: [] };

describe('the instance’s VAPID key pair', () => {
  it('is made on the first start, kept in DATA_DIR for its owner only, and the same on every start after', () => {
    const dir = dataDir();
    const first = vapidKeysFor(unset, dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(statSync(join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(vapidKeysFor(unset, dir)).toEqual(first);
    expect(vapidKeysFor(unset, dataDir())).not.toEqual(first);
  });

  it('is the given pair when VAPID_* are set, and no file is written', () => {
    const dir = dataDir();
    const keys = { publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY, privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY };
    expect(vapidKeysFor({ ...unset, keys }, dir)).toEqual(keys);
    expect(() => readFileSync(join(dir, VAPID_KEYS_FILE))).toThrow();
  });

  it('stops the start, naming the file, when the kept pair is damaged, rather than make another', () => {
    const dir = dataDir();
    writeFileSync(join(dir, VAPID_KEYS_FILE), '{"publicKey":""}');
    expect(() => vapidKeysFor(unset, dir)).toThrow(new RegExp(`${VAPID_KEYS_FILE} is not a VAPID key pair`));
  });
});
