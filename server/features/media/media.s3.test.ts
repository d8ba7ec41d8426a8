import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../../common/contracts/media';
import { createMemoryRateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createS3Storage } from '../../platform/storage/s3-storage';
import { jpeg, png } from '../../test-support/image-fixtures';
import { mediaRowCount, storedMediaFiles, uploadedImage } from '../../test-support/media-upload';
import { startS3TestServer, type S3TestServer } from '../../test-support/s3-test-server';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { createJobQueue } from './job-queue';
import { MEDIA_UNATTACHED_TTL_MS, MEDIA_UPLOADS_PER_USER } from './limits';
import { MEDIA_CACHE_CONTROL } from './media-files.routes';
import { MEDIA_URL_PREFIX } from './media.presenter';
import { createMediaService } from './media.service';

/** The app configured with S3_* against s3rver, exactly as an operator would set it. */
let s3: S3TestServer;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.close();
});
beforeEach(async () => {
  t = await createTestApp(s3.env);
});
afterEach(async () => {
  await t.close();
  const cleaner = await createS3Storage(s3.options);
  await cleaner.delete(await s3.keys());
  cleaner.destroy();
});

const keysOf = (image: UploadedImage) =>
  [...image.webp, ...image.fallback].map((variant) => variant.url.slice(MEDIA_URL_PREFIX.length)).sort();

describe('media on S3', () => {
  it('stores every rendition in the bucket, none on disk, and serves the same bytes at /media/', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(900, 600));
    expect(await s3.keys()).toEqual(keysOf(image));
    expect(storedMediaFiles(t)).toEqual([]);

    for (const variant of [...image.webp, ...image.fallback]) {
      const response = await t.app.inject({ method: 'GET', url: variant.url });
      expect(response.statusCode, variant.url).toBe(200);
      const held = await s3.bytesOf(variant.url.slice(MEDIA_URL_PREFIX.length));
      expect(response.rawPayload.equals(held)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': variant.url.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
        'content-length': String(held.length),
        'cache-control': MEDIA_CACHE_CONTROL,
        'content-disposition': 'inline',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers.etag).toMatch(/^"[0-9a-f]{64}-\d+"$/);
    }
  });

  it('answers 404 like the disk store when an object is gone from the bucket', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await png(320, 200));
    const url = image.webp[0]!.url;
    const storage = await createS3Storage(s3.options);
    await storage.delete([url.slice(MEDIA_URL_PREFIX.length)]);
    storage.destroy();
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such image.' } });
  });

  it('removes the objects of an image its owner deletes', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await png(500, 300));
    expect(await s3.keys()).toHaveLength(keysOf(image).length);
    const deleted = await t.api({ method: 'DELETE', url: `/api/v1/media/${image.id}`, cookie: ana.cookie });
    expect(deleted.statusCode).toBe(204);
    expect(await s3.keys()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: image.webp[0]!.url })).statusCode).toBe(404);
  });

  it('sweeps the objects of images never posted, keeping those of posted ones', async () => {
    const ana = await signedUpUser(t);
    const abandoned = await uploadedImage(t, ana.cookie, await jpeg(700, 500));
    const posted = await uploadedImage(t, ana.cookie, await png(640, 480));
    const post = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ana.cookie,
      payload: { body: 'kept', images: [{ id: posted.id, alt: 'kept picture' }] },
    });
    expect(post.statusCode).toBe(201);
    expect(await s3.keys()).toEqual([...keysOf(abandoned), ...keysOf(posted)].sort());

    const storage = await createS3Storage(s3.options);
    try {
      const dayLater = Date.now() + MEDIA_UNATTACHED_TTL_MS + 1;
      const media = createMediaService({
        db: t.database.db,
        storage,
        uploadLimiter: createMemoryRateLimiter(MEDIA_UPLOADS_PER_USER),
        jobs: createJobQueue(1),
        now: () => dayLater,
      });
      expect(await media.sweep()).toBe(1);
    } finally {
      storage.destroy();
    }
    expect(await mediaRowCount(t)).toBe(1);
    expect(await s3.keys()).toEqual(keysOf(posted));
  });
});
