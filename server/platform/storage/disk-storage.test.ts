import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';
import { describeObjectStorageContract } from './object-storage.contract';

describeObjectStorageContract('disk storage', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tidings-storage-'));
  return {
    storage: createDiskStorage(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe('disk storage', () => {
  let root: string;
  let storage: ObjectStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tidings-storage-'));
    storage = createDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  // S3 makes a PUT visible only once complete by itself; s3rver, its stand-in in tests, rewrites
  // files in place, so this rule of the contract is checked where our code provides it.
  it('shows a reader the old object or the new one while a key is written again, never a mix', async () => {
    const first = Buffer.alloc(512 * 1024, 1);
    const second = Buffer.alloc(512 * 1024, 2);
    await storage.put('same.jpg', first, 'image/jpeg');
    const writing = storage.put('same.jpg', second, 'image/jpeg');
    const seen = await buffer((await storage.open('same.jpg'))!.body);
    await writing;
    expect(seen.equals(first) || seen.equals(second)).toBe(true);
    expect((await buffer((await storage.open('same.jpg'))!.body)).equals(second)).toBe(true);
  });

  it('leaves no temporary file behind', async () => {
    await storage.put('a/b.jpg', Buffer.alloc(1000, 1), 'image/jpeg');
    expect(readdirSync(join(root, 'a'))).toEqual(['b.jpg']);
  });

  it('keeps files under its root, in the folders of their keys', async () => {
    await storage.put('i/ab/abc-640.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(readdirSync(join(root, 'i', 'ab'))).toEqual(['abc-640.webp']);
  });
});
