import type { MediaCrop } from '../../../common/contracts/media';
import { MEDIA_MAX_LONG_EDGE, MEDIA_WIDTHS } from './limits';

export type QuarterTurns = 0 | 90 | 180 | 270;

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in sharp's extract() terms. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The size after turning the image `rotation` degrees clockwise. */
export function rotatedSize(size: Size, rotation: QuarterTurns): Size {
  return rotation === 90 || rotation === 270 ? { width: size.height, height: size.width } : size;
}

/**
 * The crop is given in the turned image (the browser shows it turned); this is the same
 * rectangle in the image before turning, so we can cut first and turn the smaller piece.
 * Null when the crop reaches outside the image.
 */
export function regionBeforeRotation(
  crop: MediaCrop | undefined,
  upright: Size,
  rotation: QuarterTurns,
): Region | null {
  const turned = rotatedSize(upright, rotation);
  if (!crop) return { left: 0, top: 0, width: upright.width, height: upright.height };
  if (crop.x + crop.width > turned.width || crop.y + crop.height > turned.height) return null;
  const { x, y, width, height } = crop;
  switch (rotation) {
    case 0:
      return { left: x, top: y, width, height };
    case 90:
      return { left: y, top: upright.height - x - width, width: height, height: width };
    case 180:
      return { left: upright.width - x - width, top: upright.height - y - height, width, height };
    case 270:
      return { left: upright.width - y - height, top: x, width: height, height: width };
  }
}

/** The size after capping the long edge; never enlarged. */
export function cappedSize(size: Size, longEdge = MEDIA_MAX_LONG_EDGE): Size {
  const scale = Math.min(1, longEdge / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * The rendition sizes of an image: every standard width narrower than the image, and the image's
 * own width (already capped at 2048 px) as the widest. Never enlarged, and never smaller than
 * what was uploaded: a 1200 px crop keeps 1200 px for sharp screens instead of stopping at 640.
 */
export function renditionSizes(size: Size): Size[] {
  const widths: number[] = [...MEDIA_WIDTHS.filter((width) => width < size.width), size.width];
  return widths.map((width) => ({
    width,
    height: Math.max(1, Math.round((size.height * width) / size.width)),
  }));
}
