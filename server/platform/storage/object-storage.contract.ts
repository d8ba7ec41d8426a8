import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStorage } from './object-storage';

export interface StorageUnderTest {
  storage: ObjectStorage;
  close(): Promise<void>;
}

/**
 * What every ObjectStorage promises the media and link-card code, run against each
 * implementation (disk-storage.test.ts, s3-storage.test.ts) on a fresh, empty store per test.
 */
export function describeObjectStorageContract(name: string, create: () => Promise<StorageUnderTest>): void {
  describe(`${name}: the ObjectStorage contract`, () => {
    let underTest: StorageUnderTest;
    let storage: ObjectStorage;

    beforeEach(async () => {
      underTest = await create();
      storage = underTest.storage;
    });
    afterEach(async () => {
      await underTest.close();
    });

    it('reads back what it stored as a stream, with its size and type', async () => {
      await storage.put('i/ab/abc-640.webp', Buffer.from('webp bytes'), 'image/webp');
      const stored = await storage.open('i/ab/abc-640.webp');
      expect(stored).toMatchObject({ size: 10, contentType: 'image/webp' });
      expect(stored?.body).toBeInstanceOf(Readable);
      expect(await text(stored!.body)).toBe('webp bytes');
      expect(await storage.exists('i/ab/abc-640.webp')).toBe(true);
    });

    it('keeps each type apart and streams a large object whole', async () => {
      const large = Buffer.alloc(3 * 1024 * 1024 + 7);
      for (let i = 0; i < large.length; i += 1) large[i] = (i * 31) % 251;
      await storage.put('p/large.jpg', large, 'image/jpeg');
      await storage.put('p/small.gif', Buffer.from('GIF89a'), 'image/gif');
      const stored = await storage.open('p/large.jpg');
      expect(stored).toMatchObject({ size: large.length, contentType: 'image/jpeg' });
      expect((await buffer(stored!.body)).equals(large)).toBe(true);
      const small = await storage.open('p/small.gif');
      expect(small?.contentType).toBe('image/gif');
      expect(await text(small!.body)).toBe('GIF89a');
    });

    it('writes a stream of unknown length whole, larger than one S3 part, and answers its size', async () => {
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < chunk.length; i += 1) chunk[i] = (i * 7) % 253;
      const chunks = 9;
      async function* source() {
        for (let n = 0; n < chunks; n += 1) yield Buffer.from(chunk);
      }
      const size = await storage.putStream('x/archive.zip', Readable.from(source()), 'application/zip');
      expect(size).toBe(chunks * chunk.length);
      const stored = await storage.open('x/archive.zip');
      expect(stored).toMatchObject({ size: chunks * chunk.length, contentType: 'application/zip' });
      expect((await buffer(stored!.body)).equals(Buffer.concat(Array(chunks).fill(chunk)))).toBe(true);
    });

    it('leaves nothing under the key when the stream fails, and keeps what was there', async () => {
      await storage.put('x/kept.zip', Buffer.from('the old archive'), 'application/zip');
      async function* failing() {
        yield Buffer.alloc(64 * 1024, 1);
        throw new Error('the source broke');
      }
      for (const key of ['x/kept.zip', 'x/never.zip']) {
        await expect(storage.putStream(key, Readable.from(failing()), 'application/zip')).rejects.toThrow(
          'the source broke',
        );
      }
      expect(await storage.exists('x/never.zip')).toBe(false);
      expect(await text((await storage.open('x/kept.zip'))!.body)).toBe('the old archive');
    });

    it('answers null and false for a key that was never stored', async () => {
      expect(await storage.open('i/00/missing.webp')).toBeNull();
      expect(await storage.exists('i/00/missing.webp')).toBe(false);
    });

    it('deletes several keys, and a key that is not there is no error', async () => {
      await storage.put('x.gif', Buffer.from('g'), 'image/gif');
      await storage.put('y/z.webp', Buffer.from('w'), 'image/webp');
      await storage.delete(['x.gif', 'never-there.gif', 'y/z.webp']);
      expect(await storage.exists('x.gif')).toBe(false);
      expect(await storage.open('y/z.webp')).toBeNull();
      await storage.delete([]);
    });

    it.each(['../escape.webp', '/absolute.webp', 'a/../../b.webp', 'UPPER.webp', 'a//b.webp', 'dir/'])(
      'refuses the key %s for every operation',
      async (key) => {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid storage key/);
        await expect(storage.putStream(key, Readable.from([Buffer.from('x')]), 'image/webp')).rejects.toThrow(
          /invalid storage key/,
        );
        await expect(storage.open(key)).rejects.toThrow(/invalid storage key/);
        await expect(storage.exists(key)).rejects.toThrow(/invalid storage key/);
        await expect(storage.delete([key])).rejects.toThrow(/invalid storage key/);
      },
    );
  });
}
