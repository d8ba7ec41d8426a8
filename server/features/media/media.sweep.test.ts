import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createDiskStorage } from '../../platform/storage/disk-storage';
import { jpeg, png } from '../../test-support/image-fixtures';
import { mediaRowCount, storedMediaFiles, uploadedImage } from '../../test-support/media-upload';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { createJobQueue } from './job-queue';
import { MEDIA_UNATTACHED_TTL_MS, MEDIA_UPLOADS_PER_USER } from './limits';
import { startMediaSweep } from './media-sweep';
import { createMediaService } from './media.service';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** The same service the app runs, on the app's database and files, with a clock we set. */
function mediaServiceAt(clock: () => number) {
  return createMediaService({
    db: t.database.db,
    storage: createDiskStorage(join(t.dataDir, 'media')),
    uploadLimiter: createMemoryRateLimiter(MEDIA_UPLOADS_PER_USER),
    jobs: createJobQueue(1),
    now: clock,
  });
}

async function postWith(cookie: string, imageId: string) {
  const response = await t.api({
    method: 'POST',
    url: '/api/v1/posts',
    cookie,
    payload: { body: 'with a picture', images: [{ id: imageId, alt: 'a picture' }] },
  });
  expect(response.statusCode).toBe(201);
  return response.json().post.id as string;
}

describe('media clean-up', () => {
  it('removes images never posted once they are older than the TTL, rows and files', async () => {
    const ana = await signedUpUser(t);
    const abandoned = await uploadedImage(t, ana.cookie, await jpeg(700, 500));
    const posted = await uploadedImage(t, ana.cookie, await png(700, 500));
    await postWith(ana.cookie, posted.id);
    const filesOfPosted = storedMediaFiles(t).filter((file) => posted.webp.some((v) => v.url.endsWith(file)));
    expect(filesOfPosted).toHaveLength(3);

    const justBefore = Date.now() + MEDIA_UNATTACHED_TTL_MS - 60_000;
    expect(await mediaServiceAt(() => justBefore).sweep()).toBe(0);
    expect(await mediaRowCount(t)).toBe(2);

    const dayLater = Date.now() + MEDIA_UNATTACHED_TTL_MS + 1;
    expect(await mediaServiceAt(() => dayLater).sweep()).toBe(1);
    expect(await mediaRowCount(t)).toBe(1);
    const left = storedMediaFiles(t);
    expect(left).toHaveLength(6);
    expect(left.some((file) => abandoned.webp[0]!.url.endsWith(file))).toBe(false);
  });

  it('removes the images of a deleted post at the next sweep', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(400, 400));
    const postId = await postWith(ana.cookie, image.id);
    expect(await mediaServiceAt(Date.now).sweep()).toBe(0);

    const deleted = await t.api({ method: 'DELETE', url: `/api/v1/posts/${postId}`, cookie: ana.cookie });
    expect(deleted.statusCode).toBe(200);
    expect(await mediaServiceAt(Date.now).sweep()).toBe(1);
    expect(await mediaRowCount(t)).toBe(0);
    expect(storedMediaFiles(t)).toEqual([]);
  });

  it('sweeps on a timer until stopped', async () => {
    const ana = await signedUpUser(t);
    await uploadedImage(t, ana.cookie, await png(64, 64));
    const service = mediaServiceAt(() => Date.now() + MEDIA_UNATTACHED_TTL_MS + 1);
    let sweeps = 0;
    const sweep = startMediaSweep(
      async () => {
        sweeps += 1;
        return service.sweep();
      },
      (err) => {
        throw err;
      },
      10,
    );
    await expect.poll(() => mediaRowCount(t)).toBe(0);
    sweep.stop();
    const stoppedAt = sweeps;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sweeps).toBe(stoppedAt);
    expect(storedMediaFiles(t)).toEqual([]);
  });
});
