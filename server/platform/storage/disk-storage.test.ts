import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';

describe('disk storage', () => {
  let root: string;
  let storage: ObjectStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tidings-storage-'));
    storage = createDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads back what it stored, with the type of its extension', async () => {
    await storage.put('media/ab/abc-640.webp', Buffer.from('webp bytes'), 'image/webp');
    const stored = await storage.open('media/ab/abc-640.webp');
    expect(stored).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(await text(stored!.body)).toBe('webp bytes');
    expect(await storage.exists('media/ab/abc-640.webp')).toBe(true);
  });

  it('leaves no temporary file behind', async () => {
    await storage.put('a/b.jpg', Buffer.alloc(1000, 1), 'image/jpeg');
    expect(readdirSync(join(root, 'a'))).toEqual(['b.jpg']);
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    expect(await storage.open('missing.webp')).toBeNull();
    await storage.put('x.gif', Buffer.from('g'), 'image/gif');
    await storage.delete(['x.gif', 'never-there.gif']);
    expect(await storage.exists('x.gif')).toBe(false);
  });

  it.each(['../escape.webp', '/absolute.webp', 'a/../../b.webp', 'UPPER.webp', 'a//b.webp', 'dir/'])(
    'refuses the key %s',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid storage key/);
    },
  );
});
