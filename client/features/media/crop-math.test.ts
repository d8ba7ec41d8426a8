import { describe, expect, it } from 'vitest';
import { mediaCropSchema } from '../../../common/contracts/media';
import { aspectOf, freeCropSize, rotatedSize, toImageEdit, toMediaCrop, turn } from './crop-math';

const landscape = { width: 4000, height: 3000 };

describe('rotatedSize and turn', () => {
  it('swaps the sides for a quarter turn either way and keeps them for a half turn', () => {
    expect(rotatedSize(landscape, 90)).toEqual({ width: 3000, height: 4000 });
    expect(rotatedSize(landscape, 270)).toEqual({ width: 3000, height: 4000 });
    expect(rotatedSize(landscape, 180)).toEqual(landscape);
  });

  it('turns in quarter turns and wraps around in both directions', () => {
    expect(turn(0, 1)).toBe(90);
    expect(turn(270, 1)).toBe(0);
    expect(turn(0, -1)).toBe(270);
    expect(turn(90, -1)).toBe(0);
  });
});

describe('aspectOf', () => {
  it('follows the rotated image for "original"', () => {
    expect(aspectOf('original', landscape, 0)).toBeCloseTo(4 / 3);
    expect(aspectOf('original', landscape, 90)).toBeCloseTo(3 / 4);
  });

  it('gives the fixed presets and no ratio for a free box', () => {
    expect(aspectOf('square', landscape, 90)).toBe(1);
    expect(aspectOf('portrait', landscape, 0)).toBeCloseTo(0.8);
    expect(aspectOf('wide', landscape, 0)).toBeCloseTo(16 / 9);
    expect(aspectOf('free', landscape, 0)).toBeNull();
  });
});

describe('freeCropSize', () => {
  it('sizes each side independently as a share of the largest box', () => {
    expect(freeCropSize({ width: 600, height: 400 }, 50, 100)).toEqual({ width: 300, height: 400 });
  });

  it('never collapses the box nor lets it outgrow the image', () => {
    expect(freeCropSize({ width: 600, height: 400 }, 0, 250)).toEqual({ width: 60, height: 400 });
  });
});

describe('toMediaCrop', () => {
  it('rounds a cropper area to whole pixels the server accepts', () => {
    const crop = toMediaCrop({ x: 10.4, y: 20.6, width: 99.5, height: 100.2 }, landscape, 0);
    expect(crop).toEqual({ x: 10, y: 21, width: 100, height: 100 });
    expect(mediaCropSchema.safeParse(crop).success).toBe(true);
  });

  it('pulls a box that rounding pushed past the edge back inside the image', () => {
    expect(toMediaCrop({ x: 3000.6, y: -0.4, width: 1000, height: 3000.4 }, landscape, 0)).toEqual({
      x: 3000,
      y: 0,
      width: 1000,
      height: 3000,
    });
  });

  it('measures against the rotated image: a quarter turn makes the portrait bounds', () => {
    // A 4000×3000 photo turned 90° is 3000 wide and 4000 tall; a box 3500 high fits only then.
    expect(toMediaCrop({ x: 0, y: 400, width: 3000, height: 3500 }, landscape, 90)).toEqual({
      x: 0,
      y: 400,
      width: 3000,
      height: 3500,
    });
    expect(toMediaCrop({ x: 0, y: 400, width: 3000, height: 3500 }, landscape, 0).height).toBe(3000);
  });

  it('keeps at least one pixel each way', () => {
    expect(toMediaCrop({ x: 5, y: 5, width: 0.2, height: 0 }, landscape, 0)).toMatchObject({
      width: 1,
      height: 1,
    });
  });
});

describe('toImageEdit', () => {
  it('sends no crop when the box keeps the whole (rotated) image', () => {
    expect(toImageEdit({ x: 0, y: 0, width: 3000, height: 4000 }, landscape, 270)).toEqual({ rotation: 270 });
  });

  it('sends the crop and the rotation otherwise', () => {
    expect(toImageEdit({ x: 500, y: 0, width: 3000, height: 3000 }, landscape, 0)).toEqual({
      crop: { x: 500, y: 0, width: 3000, height: 3000 },
      rotation: 0,
    });
  });
});
