import sharp from 'sharp';
import {
  PREVIEW_IMAGE_MAX_INPUT_PIXELS,
  PREVIEW_IMAGE_MAX_WIDTH_PX,
  PREVIEW_IMAGE_WEBP_QUALITY,
} from './limits';

// Raster formats only: an SVG is a document (scripts, external references), never a card image.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

/**
 * A page image as we serve it: decoded by sharp (so it is an image whatever its Content-Type
 * said), first frame only, turned upright, at most 640 px wide, WebP, with no metadata (EXIF,
 * GPS, ICC comments) — sharp drops metadata unless asked to keep it. Null when it is no image.
 */
export async function encodePreviewImage(input: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(input, { limitInputPixels: PREVIEW_IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format === undefined || !ACCEPTED_FORMATS.has(format)) return null;
    return await image
      .rotate()
      .resize({ width: PREVIEW_IMAGE_MAX_WIDTH_PX, withoutEnlargement: true })
      .webp({ quality: PREVIEW_IMAGE_WEBP_QUALITY })
      .toBuffer();
  } catch {
    // Truncated, corrupt, too many pixels, unknown format: all mean "no image".
    return null;
  }
}
