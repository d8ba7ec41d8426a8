import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  gifWithHugeScreen,
  gifWithHugeSecondFrame,
  webpWithHugeCanvas,
  webpWithHugeFrame,
} from '../../test-support/hostile-images';
import { animatedGif, jpegWithGps, png16Bit } from '../../test-support/image-fixtures';
import { declaredSizes } from './declared-size';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

async function animatedWebp(): Promise<Buffer> {
  const frames = await Promise.all([1, 2].map(() => solid(120, 80).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .webp()
    .toBuffer();
}

describe('declared sizes', () => {
  // A misread would refuse ordinary uploads: every size an ordinary file declares is its own.
  it.each([
    ['a JPEG with EXIF and GPS', () => jpegWithGps(), 640, 480],
    ['a progressive JPEG', () => solid(300, 200).jpeg({ progressive: true }).toBuffer(), 300, 200],
    ['a 16-bit PNG', () => png16Bit(), 300, 200],
    ['a lossy WebP', () => solid(301, 199).webp().toBuffer(), 301, 199],
    ['a lossless WebP', () => solid(301, 199).webp({ lossless: true }).toBuffer(), 301, 199],
    ['an animated WebP', animatedWebp, 120, 80],
    ['an animated GIF', () => animatedGif(), 120, 80],
    ['an AVIF', () => solid(64, 48).avif().toBuffer(), 64, 48],
  ])('reads %s as its own size only', async (_name, make, width, height) => {
    const sizes = declaredSizes(await make());
    expect(sizes.length).toBeGreaterThan(0);
    expect(new Set(sizes.map((size) => `${size.width}x${size.height}`))).toEqual(
      new Set([`${width}x${height}`]),
    );
  });

  it('reads every lie of the hostile files', () => {
    expect(declaredSizes(gifWithHugeScreen())).toEqual([
      { width: 65_535, height: 65_535 },
      { width: 1, height: 1 },
    ]);
    expect(declaredSizes(gifWithHugeSecondFrame())).toContainEqual({ width: 65_535, height: 65_535 });
    expect(declaredSizes(webpWithHugeCanvas())[0]).toEqual({ width: 8000, height: 8000 });
    expect(declaredSizes(webpWithHugeFrame())).toContainEqual({ width: 16_384, height: 16_384 });
  });

  it('returns what it read from a header cut short, and nothing for what it does not know', async () => {
    const gif = await animatedGif();
    for (let length = 0; length < 64; length += 1)
      expect(() => declaredSizes(gif.subarray(0, length))).not.toThrow();
    expect(declaredSizes(gif.subarray(0, 20))).toEqual([{ width: 120, height: 80 }]);
    expect(declaredSizes(Buffer.from('<svg width="99999" height="99999"/>'))).toEqual([]);
  });
});
