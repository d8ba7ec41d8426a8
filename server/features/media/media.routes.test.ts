import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../../common/contracts/media';
import {
  cmykJpeg,
  gifJsPolyglot,
  jpeg,
  jpegWithGps,
  png,
  png16Bit,
  pngDeclaringHugeSize,
  svgWithScript,
} from '../../test-support/image-fixtures';
import { apngWithHugeFrame, gifWithHugeScreen, webpWithHugeFrame } from '../../test-support/hostile-images';
import {
  mediaRowCount,
  multipartBody,
  storedMediaFiles,
  uploadedImage,
  uploadImage,
} from '../../test-support/media-upload';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { MEDIA_MAX_FILE_BYTES, MEDIA_UPLOADS_PER_USER } from './limits';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function served(url: string) {
  const response = await t.api({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
}

async function expectNothingStoredAndAlive() {
  expect(await mediaRowCount(t)).toBe(0);
  expect(storedMediaFiles(t)).toEqual([]);
  expect((await t.api({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
}

describe('POST /api/v1/media', () => {
  it('stores WebP and JPEG renditions named by content and answers the image with its URLs', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(1500, 1000));
    expect(image).toMatchObject({ width: 1500, height: 1000, fallbackType: 'image/jpeg' });
    expect(image.webp.map((v) => [v.width, v.height])).toEqual([
      [320, 213],
      [640, 427],
      [1280, 853],
      [1500, 1000],
    ]);
    expect(image.webp[0]?.url).toMatch(/^\/media\/i\/([0-9a-f]{2})\/\1[0-9a-f]{62}-320\.webp$/);
    expect(image.fallback[3]?.url).toMatch(/-1500\.jpg$/);
    expect(await mediaRowCount(t)).toBe(1);
    expect(storedMediaFiles(t)).toHaveLength(8);
  });

  it('serves the files with their type, length and an immutable cache header', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await png(400, 300));
    const variant = image.webp[0]!;
    // No session and no X-Requested-With: images are public.
    const response = await t.app.inject({ method: 'GET', url: variant.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(response.rawPayload.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect((await sharp(response.rawPayload).metadata()).width).toBe(320);
    const again = await t.app.inject({
      method: 'GET',
      url: variant.url,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await served(image.fallback[0]!.url)).headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['/media/i/ab/ab' + '0'.repeat(62) + '-320.webp', 'an unknown key'],
    ['/media/i/ab/../../media.sqlite', 'a path outside the store'],
    ['/media/i/ab/', 'a directory'],
    ['/media/', 'the root'],
  ])('answers 404 for %s (%s)', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it.each([
    ['a PNG declaring 100,000 × 100,000 pixels', pngDeclaringHugeSize, 'image.png', 'image_too_large'],
    [
      'a GIF with a 65,535 × 65,535 screen around a 1 × 1 frame',
      gifWithHugeScreen,
      'a.gif',
      'image_too_large',
    ],
    ['an animated WebP with a frame declaring 16,384²', webpWithHugeFrame, 'a.webp', 'image_too_large'],
    ['an APNG with a frame declaring 65,535²', apngWithHugeFrame, 'a.png', 'image_too_large'],
    ['a truncated JPEG', async () => (await jpeg()).subarray(0, 3000), 'photo.jpg', 'invalid_image'],
    ['a GIF/JavaScript polyglot', async () => gifJsPolyglot(), 'funny.gif', 'invalid_image'],
    ['an SVG with a script', async () => svgWithScript(), 'logo.svg', 'invalid_image'],
    ['zero bytes', async () => Buffer.alloc(0), 'empty.jpg', 'invalid_image'],
    [
      'text with an image extension',
      async () => Buffer.from('Dear diary,\n'.repeat(50)),
      'notes.jpg',
      'invalid_image',
    ],
  ])('refuses %s with 400, stores nothing and keeps serving', async (_name, make, name, code) => {
    const ana = await signedUpUser(t);
    const response = await uploadImage(t, ana.cookie, await make(), { name, type: 'image/jpeg' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code, message: expect.any(String) });
    await expectNothingStoredAndAlive();
  });

  it('refuses a file over the size limit with 413 before processing it', async () => {
    const ana = await signedUpUser(t);
    const oversized = Buffer.concat([await jpeg(64, 64), Buffer.alloc(MEDIA_MAX_FILE_BYTES)]);
    const response = await uploadImage(t, ana.cookie, oversized);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('file_too_large');
    await expectNothingStoredAndAlive();
  });

  it('goes by the bytes, not the name or declared type: a PNG named .jpg is taken as a PNG', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await png(500, 500), {
      name: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expect([image.width, image.height]).toEqual([500, 500]);
  });

  it('turns CMYK JPEG and 16-bit PNG into 8-bit sRGB', async () => {
    const ana = await signedUpUser(t);
    for (const input of [await cmykJpeg(), await png16Bit()]) {
      const image = await uploadedImage(t, ana.cookie, input);
      for (const variant of [...image.webp, ...image.fallback]) {
        const meta = await sharp((await served(variant.url)).rawPayload).metadata();
        expect([meta.space, meta.depth, meta.width]).toEqual(['srgb', 'uchar', 300]);
      }
    }
  });

  it('strips GPS and every other metadata from what it serves', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpegWithGps());
    for (const variant of [...image.webp, ...image.fallback]) {
      const meta = await sharp((await served(variant.url)).rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it('applies the crop and rotation fields', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(1000, 600), {
      rotation: '90',
      crop: { x: 0, y: 100, width: 600, height: 600 },
    });
    expect([image.width, image.height]).toEqual([600, 600]);
    const outside = await uploadImage(t, ana.cookie, await jpeg(1000, 600), {
      crop: { x: 500, y: 0, width: 600, height: 600 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.code).toBe('invalid_crop');
    expect(await mediaRowCount(t)).toBe(1);
  });

  it.each([
    ['a crop that is not JSON', { crop: '{x: 1' }, 'crop'],
    ['a crop with fractions', { crop: { x: 0.5, y: 0, width: 10, height: 10 } }, 'crop.x'],
    ['a rotation that is not a quarter turn', { rotation: '45' }, 'rotation'],
  ])('refuses %s as a field error', async (_name, options, field) => {
    const ana = await signedUpUser(t);
    const response = await uploadImage(t, ana.cookie, await jpeg(100, 100), options);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });

  it('answers 415 to a body that is not multipart, 400 to a form without a file, 401 without a session', async () => {
    const ana = await signedUpUser(t);
    const json = await t.api({
      method: 'POST',
      url: '/api/v1/media',
      cookie: ana.cookie,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('unsupported_media_type');

    const { payload, contentType } = await multipartBody({ rotation: '0' });
    const noFile = await t.api({
      method: 'POST',
      url: '/api/v1/media',
      cookie: ana.cookie,
      payload,
      headers: { 'content-type': contentType },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields).toEqual({ file: expect.any(String) });

    const anonymous = await uploadImage(t, undefined, await jpeg(100, 100));
    expect(anonymous.statusCode).toBe(401);
    await expectNothingStoredAndAlive();
  });

  it('limits uploads per user per minute with 429 and Retry-After', async () => {
    const [ana, bo] = [await signedUpUser(t), await signedUpUser(t)];
    const small = await png(16, 16);
    for (let i = 0; i < MEDIA_UPLOADS_PER_USER.points; i += 1) {
      expect((await uploadImage(t, ana.cookie, small)).statusCode).toBe(201);
    }
    const limited = await uploadImage(t, ana.cookie, small);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await uploadImage(t, bo.cookie, small)).statusCode).toBe(201);
  });
});

describe('DELETE /api/v1/media/:id', () => {
  async function remove(cookie: string, image: UploadedImage) {
    return t.api({ method: 'DELETE', url: `/api/v1/media/${image.id}`, cookie });
  }

  it('lets only the owner remove an unposted image, with its files', async () => {
    const [ana, bo] = [await signedUpUser(t), await signedUpUser(t)];
    const image = await uploadedImage(t, ana.cookie, await jpeg(700, 500));
    const byOther = await remove(bo.cookie, image);
    expect(byOther.statusCode).toBe(404);
    expect(storedMediaFiles(t)).toHaveLength(6);

    expect((await remove(ana.cookie, image)).statusCode).toBe(204);
    await expectNothingStoredAndAlive();
    expect((await t.app.inject({ method: 'GET', url: image.webp[0]!.url })).statusCode).toBe(404);
  });

  it('keeps files that another upload of the same picture still uses', async () => {
    const ana = await signedUpUser(t);
    const picture = await jpeg(700, 500);
    const first = await uploadedImage(t, ana.cookie, picture);
    const second = await uploadedImage(t, ana.cookie, picture);
    expect(second.webp).toEqual(first.webp);
    expect((await remove(ana.cookie, first)).statusCode).toBe(204);
    await served(second.webp[1]!.url);
  });

  it('refuses to remove an image that is part of a post', async () => {
    const ana = await signedUpUser(t);
    const image = await uploadedImage(t, ana.cookie, await jpeg(400, 400));
    const post = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie: ana.cookie,
      payload: { body: 'look', images: [{ id: image.id, alt: 'red' }] },
    });
    expect(post.statusCode).toBe(201);
    const response = await remove(ana.cookie, image);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('image_attached');
    await served(image.webp[0]!.url);
  });
});
