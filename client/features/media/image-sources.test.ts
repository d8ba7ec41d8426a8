import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import {
  aspectRatioOf,
  defaultSourceOf,
  SINGLE_IMAGE_MAX_HEIGHT_PX,
  singleImageMaxWidth,
  srcSetOf,
} from './image-sources';
import { decodeBase64, placeholderUrl } from './placeholder';

const variants = [
  { width: 320, height: 240, url: '/media/i/ab/h-320.webp' },
  { width: 640, height: 480, url: '/media/i/ab/h-640.webp' },
  { width: 1280, height: 960, url: '/media/i/ab/h-1280.webp' },
];

describe('image sources', () => {
  it('lists every rendition with its width for srcset', () => {
    expect(srcSetOf(variants)).toBe(
      '/media/i/ab/h-320.webp 320w, /media/i/ab/h-640.webp 640w, /media/i/ab/h-1280.webp 1280w',
    );
  });

  it('picks a middling rendition as the plain src, or the widest of small images', () => {
    expect(defaultSourceOf(variants)).toBe('/media/i/ab/h-640.webp');
    expect(defaultSourceOf(variants.slice(0, 1))).toBe('/media/i/ab/h-320.webp');
    expect(defaultSourceOf([])).toBeNull();
  });

  it('reserves the box from the stored size and caps a lone image by height', () => {
    expect(aspectRatioOf({ width: 1280, height: 960 })).toBe('1280 / 960');
    expect(singleImageMaxWidth({ width: 1000, height: 2000 })).toBe(`${SINGLE_IMAGE_MAX_HEIGHT_PX / 2}px`);
  });
});

describe('placeholderUrl', () => {
  it('draws a ThumbHash as a PNG data URL', () => {
    const red = new Uint8Array(16 * 16 * 4).map((_, i) => (i % 4 === 0 || i % 4 === 3 ? 255 : 0));
    const bytes = rgbaToThumbHash(16, 16, red);
    const hash = btoa(String.fromCharCode(...bytes));
    expect(decodeBase64(hash)).toEqual(bytes);
    expect(decodeBase64(hash.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))).toEqual(bytes);
    expect(placeholderUrl(hash)).toMatch(/^data:image\/png;base64,/);
  });

  it('gives nothing for a missing or broken hash instead of breaking the post', () => {
    expect(placeholderUrl('')).toBeNull();
    expect(placeholderUrl('%%%')).toBeNull();
  });
});
