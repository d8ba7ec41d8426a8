import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../test-support/s3-test-server';
import { S3_DELETE_BATCH_KEYS } from './limits';
import { describeObjectStorageContract } from './object-storage.contract';
import { createS3Storage } from './s3-storage';

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3TestServer();
});
afterAll(async () => {
  await server.close();
});

describeObjectStorageContract('S3 storage', async () => {
  const storage = await createS3Storage(server.options);
  return {
    storage,
    async close() {
      // Every test starts on an empty bucket, like the disk store's fresh folder.
      await storage.delete(await server.keys());
      storage.destroy();
    },
  };
});

describe('S3 storage', () => {
  it('stores objects under their keys as they are, with their type', async () => {
    const storage = await createS3Storage(server.options);
    try {
      await storage.put('i/ab/abc-640.webp', Buffer.from('webp bytes'), 'image/webp');
      expect(await server.keys()).toEqual(['i/ab/abc-640.webp']);
      expect((await server.bytesOf('i/ab/abc-640.webp')).toString()).toBe('webp bytes');
      await storage.delete(['i/ab/abc-640.webp']);
    } finally {
      storage.destroy();
    }
  });

  it(`deletes more keys than one S3 request takes (${S3_DELETE_BATCH_KEYS})`, async () => {
    const storage = await createS3Storage(server.options);
    try {
      const keys = Array.from({ length: S3_DELETE_BATCH_KEYS + 2 }, (_, i) => `many/${i}.gif`);
      for (const key of [keys[0]!, keys.at(-1)!]) await storage.put(key, Buffer.from('g'), 'image/gif');
      await storage.delete(keys);
      expect(await server.keys()).toEqual([]);
    } finally {
      storage.destroy();
    }
  });

  it('fails loudly, not as "not found", when the bucket itself is missing', async () => {
    const storage = await createS3Storage({ ...server.options, bucket: 'no-such-bucket-here' });
    try {
      await expect(storage.open('i/00/x.webp')).rejects.toThrow(/bucket/i);
      await expect(storage.put('x.gif', Buffer.from('g'), 'image/gif')).rejects.toThrow(/bucket/i);
    } finally {
      storage.destroy();
    }
  });
});
