import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  animatedGif,
  cmykJpeg,
  colourAt,
  gifJsPolyglot,
  jpeg,
  jpegWithGps,
  jpegWithOrientation6,
  png,
  png16Bit,
  pngDeclaringHugeSize,
  svgWithScript,
} from '../../test-support/image-fixtures';
import {
  apngWithHugeFrame,
  avifDeclaringHugeSize,
  gifWithHugeScreen,
  gifWithHugeSecondFrame,
  jpegDeclaringHugeSize,
  webpWithHugeCanvas,
  webpWithHugeFrame,
} from '../../test-support/hostile-images';
import { MEDIA_MAX_INPUT_PIXELS, MEDIA_SHARP_TASKS_AT_ONCE } from './limits';
import { sharpTaskStats } from './sharp-tasks';
import { inspect, processImage, type ProcessedImage } from './image-pipeline';

async function processed(input: Buffer, options: Parameters<typeof processImage>[1] = { rotation: 0 }) {
  const result = await processImage(input, options);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.image;
}

function widest(image: ProcessedImage, format: 'webp' | 'jpeg' | 'gif') {
  const rendition = image.renditions.filter((r) => r.format === format).at(-1);
  if (!rendition) throw new Error(`no ${format} rendition`);
  return rendition;
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const near = (actual: readonly number[], expected: readonly number[], tolerance = 24) =>
  actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= tolerance);

describe('image pipeline', () => {
  it('writes WebP and JPEG at every standard width up to the image, capped at 2048 px', async () => {
    const image = await processed(await jpeg(3000, 1500));
    expect(image.renditions.map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'webp:320x160',
      'webp:640x320',
      'webp:1280x640',
      'webp:2048x1024',
      'jpeg:320x160',
      'jpeg:640x320',
      'jpeg:1280x640',
      'jpeg:2048x1024',
    ]);
    expect(image).toMatchObject({ width: 2048, height: 1024, isAnimated: false });
    for (const rendition of image.renditions) {
      const meta = await sharp(rendition.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        rendition.format,
        rendition.width,
        rendition.height,
      ]);
    }
    expect(Buffer.from(image.placeholder, 'base64').length).toBeGreaterThan(5);
  });

  it('keeps one rendition at the image’s own width when it is narrower than 320 px', async () => {
    const image = await processed(await png(200, 100));
    expect(image.renditions.map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'webp:200x100',
      'jpeg:200x100',
    ]);
  });

  it('cuts the crop in pixels of the image as shown', async () => {
    const image = await processed(await jpeg(1000, 800), {
      rotation: 0,
      crop: { x: 100, y: 50, width: 700, height: 700 },
    });
    expect([image.width, image.height]).toEqual([700, 700]);
    expect(image.renditions.map((r) => r.width)).toEqual([320, 640, 700, 320, 640, 700]);
  });

  it('honours EXIF orientation 6: sizes swap and the left edge ends up on top', async () => {
    const image = await processed(await jpegWithOrientation6());
    const webp = widest(image, 'webp');
    expect([webp.width, webp.height]).toEqual([200, 400]);
    expect(near(await colourAt(webp.bytes, 96, 4), RED)).toBe(true);
    expect(near(await colourAt(webp.bytes, 96, 388), BLUE)).toBe(true);
  });

  it('turns 90° clockwise after EXIF orientation, then crops in the turned image', async () => {
    // Shown 200×400 red over blue; turned 90° it is 400×200 with blue left and red right.
    const turned = await processed(await jpegWithOrientation6(), { rotation: 90 });
    const webp = widest(turned, 'webp');
    expect([webp.width, webp.height]).toEqual([400, 200]);
    expect(near(await colourAt(webp.bytes, 4, 76), BLUE)).toBe(true);
    expect(near(await colourAt(webp.bytes, 300, 76), RED)).toBe(true);

    const rightHalf = await processed(await jpegWithOrientation6(), {
      rotation: 90,
      crop: { x: 200, y: 0, width: 200, height: 200 },
    });
    const cropped = widest(rightHalf, 'jpeg');
    expect([cropped.width, cropped.height]).toEqual([200, 200]);
    expect(near(await colourAt(cropped.bytes, 96, 96), RED)).toBe(true);
  });

  it('refuses a crop that reaches outside the turned image', async () => {
    const input = await jpegWithOrientation6();
    // 200 wide as shown, 400 wide once turned: this crop fits only after turning.
    const crop = { x: 150, y: 0, width: 100, height: 100 };
    expect(await processImage(input, { rotation: 90, crop })).toEqual({ ok: true, image: expect.anything() });
    expect(await processImage(input, { rotation: 0, crop })).toEqual({ ok: false, reason: 'invalid_crop' });
  });

  it('strips EXIF, GPS, XMP and ICC from every rendition', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const image = await processed(input);
    for (const rendition of image.renditions) {
      const meta = await sharp(rendition.bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it('turns CMYK JPEG and 16-bit PNG into 8-bit sRGB of the same colour', async () => {
    // The fixture's trip to CMYK has no colour profile, so it drifts a little; inverted or
    // misread channels would be off by far more.
    for (const [input, tolerance] of [
      [await cmykJpeg(), 40],
      [await png16Bit(), 8],
    ] as const) {
      const image = await processed(input);
      for (const rendition of image.renditions) {
        const meta = await sharp(rendition.bytes).metadata();
        expect([meta.space, meta.depth]).toEqual(['srgb', 'uchar']);
        expect(near(await colourAt(rendition.bytes, 50, 50), [51, 102, 204], tolerance)).toBe(true);
      }
    }
  });

  it('keeps an animated GIF animated, as animated WebP with a GIF fallback', async () => {
    const image = await processed(await animatedGif(), {
      rotation: 90,
      crop: { x: 0, y: 0, width: 80, height: 60 },
    });
    expect(image.isAnimated).toBe(true);
    expect(image.renditions.map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'webp:80x60',
      'gif:80x60',
    ]);
    for (const rendition of image.renditions) {
      const meta = await sharp(rendition.bytes, { animated: true }).metadata();
      expect(meta.pages).toBe(3);
      expect(meta.pageHeight).toBe(60);
    }
  });

  it('takes AVIF, and animated WebP stays animated through a quarter turn', async () => {
    const avif = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#00aa00' } })
      .avif()
      .toBuffer();
    expect((await processed(avif)).renditions.map((r) => r.format)).toEqual(['webp', 'webp', 'jpeg', 'jpeg']);
    const frames = await Promise.all(
      ['#ff0000', '#0000ff'].map((colour) =>
        sharp({ create: { width: 100, height: 80, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const animatedWebp = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    const image = await processed(animatedWebp, { rotation: 270 });
    expect(image.renditions.map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'webp:80x100',
      'gif:80x100',
    ]);
    expect((await sharp(image.renditions[1]!.bytes, { animated: true }).metadata()).pages).toBe(2);
  });

  it.each([
    ['a PNG declaring 100,000 × 100,000 pixels', pngDeclaringHugeSize, 'image_too_large'],
    ['a truncated JPEG', async () => (await jpeg()).subarray(0, 2000), 'invalid_image'],
    ['a GIF/JavaScript polyglot', async () => gifJsPolyglot(), 'invalid_image'],
    ['an SVG with a script', async () => svgWithScript(), 'invalid_image'],
    ['zero bytes', async () => Buffer.alloc(0), 'invalid_image'],
    ['text', async () => Buffer.from('just some text, not a picture\n'), 'invalid_image'],
  ])('refuses %s', async (_name, make, reason) => {
    expect(await processImage(await make(), { rotation: 0 })).toEqual({ ok: false, reason });
  });

  // Each file is a few hundred bytes at most and decodes to a pixel or a handful; the size it
  // declares is what a decoder may allocate, so it alone decides.
  it.each([
    ['a GIF whose logical screen is 65,535 × 65,535 around a 1 × 1 frame', gifWithHugeScreen],
    ['a 10 × 10 GIF whose second frame declares 65,535 × 65,535', gifWithHugeSecondFrame],
    ['an animated WebP on an 8,000 × 8,000 canvas of 1 × 1 frames', webpWithHugeCanvas],
    ['a 10 × 10 animated WebP whose frame declares 16,384 × 16,384', webpWithHugeFrame],
    ['a 1 × 1 APNG whose frame control declares 65,535 × 65,535', apngWithHugeFrame],
    ['a JPEG whose frame header declares 20,000 × 20,000', jpegDeclaringHugeSize],
    ['an AVIF whose ispe declares 65,535 × 65,535', avifDeclaringHugeSize],
  ])('refuses %s as too large, before decoding', async (_name, make) => {
    const input = await make();
    expect(input.length).toBeLessThan(1024);
    expect(await inspect(input)).toEqual({ ok: false, reason: 'image_too_large' });
    expect(await processImage(input, { rotation: 0 })).toEqual({ ok: false, reason: 'image_too_large' });
  });

  it('takes an image of exactly the pixel limit’s size by its header', async () => {
    // 10,000 × 5,000 = the limit; inspect reads the header only, so this costs nothing.
    const atLimit = await png(8, 8);
    atLimit.writeUInt32BE(10_000, 16);
    atLimit.writeUInt32BE(MEDIA_MAX_INPUT_PIXELS / 10_000, 20);
    atLimit.writeUInt32BE(crc32(atLimit.subarray(12, 29)), 29);
    expect(await inspect(atLimit)).toMatchObject({ ok: true, metadata: { width: 10_000, height: 5_000 } });
  });

  it('runs at most MEDIA_SHARP_TASKS_AT_ONCE sharp operations at once, server-wide', async () => {
    // Two images of eight renditions each: more operations than lanes, so some must wait.
    const inputs = [await jpeg(1500, 1000), await png(1400, 900)];
    let most = 0;
    let waited = 0;
    const sampler = setInterval(() => {
      const { active, waiting } = sharpTaskStats();
      most = Math.max(most, active);
      waited = Math.max(waited, waiting);
    }, 1);
    try {
      await Promise.all(inputs.map((input) => processed(input)));
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBe(MEDIA_SHARP_TASKS_AT_ONCE);
    expect(waited).toBeGreaterThan(0);
  });
});
