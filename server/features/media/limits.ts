import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/**
 * Every limit of image uploads in one place (listed in the README). The ones the composer also
 * checks live in the shared contract and are re-exported here.
 */
export {
  MAX_IMAGES_PER_POST,
  MEDIA_ALT_MAX_LENGTH,
  MEDIA_MAX_FILE_BYTES,
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_MAX_LONG_EDGE,
  MEDIA_WIDTHS,
} from '../../../common/contracts/media';

/** Uploads one user may make per minute; each costs a decode and eight encodes. */
export const MEDIA_UPLOADS_PER_USER: RateLimitRule = {
  points: 30,
  durationSeconds: 60,
  keyPrefix: 'media-upload-user',
};

/** Images never attached to a post are removed after this long. */
export const MEDIA_UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the clean-up sweep looks for abandoned and orphaned images. */
export const MEDIA_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** Images removed per batch; a sweep repeats batches until nothing is left to remove. */
export const MEDIA_SWEEP_BATCH = 200;

/**
 * Images processed at once, server-wide; further uploads wait their turn. A 50-megapixel
 * decode holds about 200 MB, so this bounds memory under a burst.
 */
export const MEDIA_MAX_CONCURRENT_JOBS = 2;
/** libvips threads per image (sharp.concurrency): with two jobs at once this fills two cores. */
export const MEDIA_SHARP_THREADS = 1;
/**
 * sharp operations (a decode, one rendition's encode) running at once, server-wide, one per
 * core: a single upload still has both, and two at once share them instead of each holding the
 * buffers of two or more encodes.
 */
export const MEDIA_SHARP_TASKS_AT_ONCE = 2;

/** Largest text field of an upload (`crop`, `rotation`), in bytes. */
export const MEDIA_FIELD_MAX_BYTES = 256;
/** Text fields an upload may carry besides the file. */
export const MEDIA_MAX_FIELDS = 2;

/** Longest edge of the image the ThumbHash placeholder is computed from (ThumbHash's own cap). */
export const MEDIA_PLACEHOLDER_MAX_EDGE = 100;
export const MEDIA_WEBP_QUALITY = 80;
export const MEDIA_JPEG_QUALITY = 82;
