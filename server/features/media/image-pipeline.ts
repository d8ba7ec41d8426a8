import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { MediaCrop } from '../../../common/contracts/media';
import {
  cappedSize,
  type QuarterTurns,
  type Region,
  regionBeforeRotation,
  renditionSizes,
  rotatedSize,
  type Size,
} from './image-geometry';
import { declaredSizes } from './declared-size';
import { runSharpTask } from './sharp-tasks';
import {
  MEDIA_JPEG_QUALITY,
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_MAX_LONG_EDGE,
  MEDIA_PLACEHOLDER_MAX_EDGE,
  MEDIA_SHARP_THREADS,
  MEDIA_WEBP_QUALITY,
} from './limits';

// Process-wide: threads per image, while the job queue bounds the images at once. Every upload
// is a new image, so libvips' operation cache would only hold memory, never give a hit.
sharp.concurrency(MEDIA_SHARP_THREADS);
sharp.cache(false);

/** Formats we take, as sharp's own detection names them (avif and heic both read as heif). */
const ACCEPTED_FORMATS = new Set<string>(['jpeg', 'png', 'webp', 'gif', 'heif']);
const ANIMATABLE_FORMATS = new Set<string>(['gif', 'webp']);

/**
 * 'error' stops on truncated and corrupt pixel data; 'warning' would also refuse everyday
 * camera JPEGs with harmless quirks (extra bytes before a marker).
 */
export const DECODE_OPTIONS: SharpOptions = { failOn: 'error', limitInputPixels: MEDIA_MAX_INPUT_PIXELS };

export type PipelineFailure = 'invalid_image' | 'image_too_large' | 'invalid_crop';

export interface Rendition {
  format: 'webp' | 'jpeg' | 'gif';
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** Size of the widest rendition. */
  width: number;
  height: number;
  /** ThumbHash, base64. */
  placeholder: string;
  isAnimated: boolean;
  /** WebP and fallback renditions, narrowest first within each format. */
  renditions: Rendition[];
}

export type PipelineResult = { ok: true; image: ProcessedImage } | { ok: false; reason: PipelineFailure };

export interface PipelineOptions {
  crop?: MediaCrop | undefined;
  rotation: QuarterTurns;
}

/** Decoded, cut, turned and capped pixels in 8-bit sRGB, from which every rendition is made. */
interface PreparedImage extends Size {
  source: () => Sharp;
  /** The first frame alone, for the placeholder. */
  firstFrame: () => Sharp;
  animation: { loop: number; delay: number[] } | null;
}

/**
 * The upload pipeline: accept by content, decode once, then derive every rendition and the
 * placeholder from the prepared pixels. Output carries no metadata: renditions are encoded
 * from decoded pixels (raw, or plain PNG frames made from them), which have none to copy.
 */
export async function processImage(input: Buffer, options: PipelineOptions): Promise<PipelineResult> {
  const inspected = await inspect(input);
  if (!inspected.ok) return inspected;
  const { metadata, isAnimated } = inspected;
  const upright: Size = isAnimated
    ? { width: metadata.width, height: metadata.pageHeight ?? metadata.height }
    : metadata.autoOrient;
  const region = regionBeforeRotation(options.crop, upright, options.rotation);
  if (!region) return { ok: false, reason: 'invalid_crop' };

  let prepared: PreparedImage;
  try {
    prepared = isAnimated
      ? await prepareAnimated(input, metadata, region, options.rotation)
      : await prepareStill(input, options);
  } catch (err) {
    return { ok: false, reason: isPixelLimitError(err) ? 'image_too_large' : 'invalid_image' };
  }
  const [renditions, placeholder] = await Promise.all([encodeRenditions(prepared), placeholderOf(prepared)]);
  // Renditions come narrowest first, WebP before the fallback.
  const widest = renditions.filter((rendition) => rendition.format === 'webp').at(-1);
  return {
    ok: true,
    image: {
      width: widest?.width ?? prepared.width,
      height: widest?.height ?? prepared.height,
      placeholder,
      isAnimated,
      renditions,
    },
  };
}

type Inspection =
  | { ok: true; metadata: Metadata & { width: number; height: number }; isAnimated: boolean }
  | { ok: false; reason: PipelineFailure };

/**
 * Reads only the headers: the format by its bytes, and the pixel count before any decoding,
 * both of every size the file declares (screen, canvas, frames) and of what sharp would decode.
 */
export async function inspect(input: Buffer): Promise<Inspection> {
  if (declaredSizes(input).some(exceedsPixelLimit)) return { ok: false, reason: 'image_too_large' };
  let metadata: Metadata;
  try {
    // No pixel limit here: the header is all that is read, and we compare it ourselves so that
    // an oversized image gets its own answer.
    metadata = await sharp(input, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'invalid_image' };
  }
  const { format, width, height } = metadata;
  if (!ACCEPTED_FORMATS.has(format) || !width || !height) return { ok: false, reason: 'invalid_image' };
  // With `animated`, height is every frame stacked: the pixel cost of decoding them all.
  if (exceedsPixelLimit({ width, height })) return { ok: false, reason: 'image_too_large' };
  const isAnimated = ANIMATABLE_FORMATS.has(format) && (metadata.pages ?? 1) > 1;
  return { ok: true, metadata: { ...metadata, width, height }, isAnimated };
}

const exceedsPixelLimit = ({ width, height }: Size) => width * height > MEDIA_MAX_INPUT_PIXELS;

export function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

const capToLongEdge = {
  width: MEDIA_MAX_LONG_EDGE,
  height: MEDIA_MAX_LONG_EDGE,
  fit: 'inside',
  withoutEnlargement: true,
} as const;

/** sharp turns first when rotate() comes before extract(), so the crop is cut as the user saw it. */
async function prepareStill(input: Buffer, { crop, rotation }: PipelineOptions): Promise<PreparedImage> {
  let image = sharp(input, { ...DECODE_OPTIONS, autoOrient: true }).rotate(rotation);
  if (crop) image = image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
  const decoding = image.resize(capToLongEdge).toColourspace('srgb').raw();
  const { data, info } = await runSharpTask(() => decoding.toBuffer({ resolveWithObject: true }));
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const source = () => sharp(data, { raw });
  return { width: info.width, height: info.height, source, firstFrame: source, animation: null };
}

/**
 * libvips cuts and scales every frame of an animation but cannot turn one a quarter, so the
 * frames are turned one by one and joined again.
 */
async function prepareAnimated(
  input: Buffer,
  metadata: Metadata,
  region: Region,
  rotation: QuarterTurns,
): Promise<PreparedImage> {
  const decoding = sharp(input, { ...DECODE_OPTIONS, animated: true })
    .extract(region)
    .resize({ width: cappedSize(region).width })
    .toColourspace('srgb')
    .raw();
  const { data, info } = await runSharpTask(() => decoding.toBuffer({ resolveWithObject: true }));
  const frameHeight = info.pageHeight ?? info.height;
  const frameCount = Math.max(1, Math.round(info.height / frameHeight));
  const frameBytes = info.width * frameHeight * info.channels;
  const raw = { width: info.width, height: frameHeight, channels: info.channels };
  const frames = await Promise.all(
    Array.from({ length: frameCount }, (_, index) =>
      runSharpTask(() =>
        sharp(data.subarray(index * frameBytes, (index + 1) * frameBytes), { raw })
          .rotate(rotation)
          .png({ compressionLevel: 0 })
          .toBuffer(),
      ),
    ),
  );
  const size = rotatedSize({ width: info.width, height: frameHeight }, rotation);
  const delay = metadata.delay?.slice(0, frameCount) ?? [];
  return {
    ...size,
    source: () => sharp(frames, { join: { animated: true } }),
    firstFrame: () => sharp(frames[0]),
    animation: { loop: metadata.loop ?? 0, delay: delay.length === frameCount ? delay : [] },
  };
}

async function encodeRenditions(prepared: PreparedImage): Promise<Rendition[]> {
  const sizes = renditionSizes(prepared);
  const animation = prepared.animation ? { loop: prepared.animation.loop, ...delayOf(prepared) } : {};
  const resized = (size: Size) => {
    const image = prepared.source();
    if (size.width === prepared.width) return image;
    // Animated frames are scaled by width; the frame height follows.
    return prepared.animation ? image.resize({ width: size.width }) : image.resize(size.width, size.height);
  };
  const encode = async (size: Size, format: Rendition['format']): Promise<Rendition> => {
    const image = resized(size);
    const encoded =
      format === 'webp'
        ? image.webp({ quality: MEDIA_WEBP_QUALITY, ...animation })
        : format === 'gif'
          ? image.gif(animation)
          : image.flatten({ background: '#ffffff' }).jpeg({ quality: MEDIA_JPEG_QUALITY, progressive: true });
    const { data, info } = await runSharpTask(() => encoded.toBuffer({ resolveWithObject: true }));
    return { format, width: info.width, height: info.pageHeight ?? info.height, bytes: data };
  };
  const fallback = prepared.animation ? 'gif' : 'jpeg';
  return Promise.all([
    ...sizes.map((size) => encode(size, 'webp')),
    ...sizes.map((size) => encode(size, fallback)),
  ]);
}

function delayOf(prepared: PreparedImage): { delay?: number[] } {
  const delay = prepared.animation?.delay ?? [];
  return delay.length > 0 ? { delay } : {};
}

async function placeholderOf(prepared: PreparedImage): Promise<string> {
  const edge = MEDIA_PLACEHOLDER_MAX_EDGE;
  const small = prepared
    .firstFrame()
    .resize({ width: edge, height: edge, fit: 'inside' })
    .ensureAlpha()
    .raw();
  const { data, info } = await runSharpTask(() => small.toBuffer({ resolveWithObject: true }));
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
