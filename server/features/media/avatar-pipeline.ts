import sharp, { type OutputInfo } from 'sharp';
import { AVATAR_SIZES } from '../../../common/contracts/users';
import { regionBeforeRotation, type Size } from './image-geometry';
import {
  DECODE_OPTIONS,
  inspect,
  isPixelLimitError,
  type PipelineFailure,
  type PipelineOptions,
  type Rendition,
} from './image-pipeline';
import { MEDIA_JPEG_QUALITY, MEDIA_WEBP_QUALITY } from './limits';
import { runSharpTask } from './sharp-tasks';

const LARGEST_AVATAR = Math.max(...AVATAR_SIZES);

export type AvatarResult = { ok: true; renditions: Rendition[] } | { ok: false; reason: PipelineFailure };

/**
 * Avatars: the same checks as post images (format by content, pixel limit, crop inside the
 * image), then one square in every AVATAR_SIZES, WebP and JPEG. A crop that is not square is
 * filled from its centre; an animation keeps its first frame. Encoded from raw pixels, so no
 * metadata reaches a file.
 */
export async function processAvatar(input: Buffer, options: PipelineOptions): Promise<AvatarResult> {
  const inspected = await inspect(input);
  if (!inspected.ok) return inspected;
  const { metadata, isAnimated } = inspected;
  const upright: Size = isAnimated
    ? { width: metadata.width, height: metadata.pageHeight ?? metadata.height }
    : metadata.autoOrient;
  if (!regionBeforeRotation(options.crop, upright, options.rotation))
    return { ok: false, reason: 'invalid_crop' };

  let square: { data: Buffer; info: OutputInfo };
  try {
    let image = sharp(input, { ...DECODE_OPTIONS, autoOrient: true }).rotate(options.rotation);
    const { crop } = options;
    if (crop) image = image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
    const decoding = image
      .resize(LARGEST_AVATAR, LARGEST_AVATAR, { fit: 'cover' })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .raw();
    square = await runSharpTask(() => decoding.toBuffer({ resolveWithObject: true }));
  } catch (err) {
    return { ok: false, reason: isPixelLimitError(err) ? 'image_too_large' : 'invalid_image' };
  }
  const raw = { width: square.info.width, height: square.info.height, channels: square.info.channels };
  const encode = async (size: number, format: 'webp' | 'jpeg'): Promise<Rendition> => {
    const resized = sharp(square.data, { raw }).resize(size, size);
    const encoded =
      format === 'webp'
        ? resized.webp({ quality: MEDIA_WEBP_QUALITY })
        : resized.jpeg({ quality: MEDIA_JPEG_QUALITY, progressive: true });
    return { format, width: size, height: size, bytes: await runSharpTask(() => encoded.toBuffer()) };
  };
  const renditions = await Promise.all([
    ...AVATAR_SIZES.map((size) => encode(size, 'webp')),
    ...AVATAR_SIZES.map((size) => encode(size, 'jpeg')),
  ]);
  return { ok: true, renditions };
}
