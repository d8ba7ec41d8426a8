import type { z } from 'zod';
import type { MediaCrop, mediaRotationSchema } from '../../../common/contracts/media';

/** Quarter turns clockwise, as the upload sends them. */
export type Rotation = z.infer<typeof mediaRotationSchema>;

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in pixels, possibly fractional (as a cropper reports it). */
export interface Area extends Size {
  x: number;
  y: number;
}

/** What the crop dialog hands to the upload: absent crop means the whole image. */
export interface ImageEdit {
  crop?: MediaCrop;
  rotation: Rotation;
}

export type AspectPreset = 'original' | 'square' | 'portrait' | 'wide' | 'free';

/** In the order the crop dialog offers them (its labels: crop-controls.tsx). */
export const ASPECT_PRESETS: readonly { value: AspectPreset; ratio: number | null }[] = [
  { value: 'original', ratio: null },
  { value: 'square', ratio: 1 },
  { value: 'portrait', ratio: 4 / 5 },
  { value: 'wide', ratio: 16 / 9 },
  { value: 'free', ratio: null },
];

/** Smallest side of a free crop box, in percent of the largest box that fits. */
export const FREE_CROP_MIN_PERCENT = 10;

/** The image's size once turned by `rotation`: quarter turns swap width and height. */
export function rotatedSize(size: Size, rotation: Rotation): Size {
  return rotation === 90 || rotation === 270 ? { width: size.height, height: size.width } : size;
}

/** One quarter turn further clockwise (1) or anticlockwise (-1). */
export function turn(rotation: Rotation, direction: 1 | -1): Rotation {
  return ((rotation + direction * 90 + 360) % 360) as Rotation;
}

/**
 * The width/height ratio the crop box keeps, or null for a free box. "Original" follows the image
 * as rotated, so a portrait photo turned on its side offers a landscape box.
 */
export function aspectOf(preset: AspectPreset, natural: Size, rotation: Rotation): number | null {
  if (preset === 'original') {
    const turned = rotatedSize(natural, rotation);
    return turned.width / turned.height;
  }
  return ASPECT_PRESETS.find((candidate) => candidate.value === preset)?.ratio ?? null;
}

/** A free crop box: each side a percentage of the largest box the displayed image allows. */
export function freeCropSize(maxBox: Size, widthPercent: number, heightPercent: number): Size {
  const clampPercent = (value: number) => Math.min(100, Math.max(FREE_CROP_MIN_PERCENT, value));
  return {
    width: (maxBox.width * clampPercent(widthPercent)) / 100,
    height: (maxBox.height * clampPercent(heightPercent)) / 100,
  };
}

/**
 * The cropper's area as the server's MediaCrop: whole pixels of the image as displayed (EXIF
 * orientation applied by the browser, then `rotation`), never reaching past its edges, at least
 * one pixel each way. Rounding can push a box one pixel out; this pulls it back in.
 */
export function toMediaCrop(area: Area, natural: Size, rotation: Rotation): MediaCrop {
  const bounds = rotatedSize(natural, rotation);
  const width = Math.min(bounds.width, Math.max(1, Math.round(area.width)));
  const height = Math.min(bounds.height, Math.max(1, Math.round(area.height)));
  const x = Math.min(bounds.width - width, Math.max(0, Math.round(area.x)));
  const y = Math.min(bounds.height - height, Math.max(0, Math.round(area.y)));
  return { x, y, width, height };
}

/** True when the crop keeps every pixel: the upload then sends no crop at all. */
export function isWholeImage(crop: MediaCrop, natural: Size, rotation: Rotation): boolean {
  const bounds = rotatedSize(natural, rotation);
  return crop.x === 0 && crop.y === 0 && crop.width === bounds.width && crop.height === bounds.height;
}

/** The dialog's result: the crop (unless it keeps the whole image) and the rotation. */
export function toImageEdit(area: Area, natural: Size, rotation: Rotation): ImageEdit {
  const crop = toMediaCrop(area, natural, rotation);
  return isWholeImage(crop, natural, rotation) ? { rotation } : { crop, rotation };
}
