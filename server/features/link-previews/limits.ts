import { MAX_PREVIEW_URL_LENGTH } from '../../../common/link-previews/url-rules';
import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/**
 * Every limit of the link-preview proxy in one place (listed in the README). Fetch limits
 * live with the fetcher and are re-exported here.
 */
export {
  CHARSET_PRESCAN_BYTES,
  DECOMPRESS_INPUT_BYTES,
  FETCH_DEADLINE_MS,
  MAX_DECODED_BYTES,
  MAX_REDIRECTS,
  MAX_WIRE_BYTES,
  TEXT_SLICE_BYTES,
} from '../../platform/safe-fetch/limits';
export { MAX_PREVIEW_URL_LENGTH };

/** A successful preview is reused this long. */
export const PREVIEW_SUCCESS_TTL_MS = 24 * 60 * 60 * 1000;
/** A failed preview (timeout, 404, forbidden…) is remembered this long, so retries stay cheap. */
export const PREVIEW_FAILURE_TTL_MS = 10 * 60 * 1000;
/** Previews kept in memory in front of the database cache. */
export const PREVIEW_MEMORY_CACHE_ENTRIES = 2000;
/** Previews kept by the in-memory store used when there is no database (tests, benches). */
export const PREVIEW_MEMORY_STORE_ENTRIES = 10_000;
/** Expired cache rows are deleted at most this often (after a write). */
export const PREVIEW_CACHE_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Outbound preview fetches running at once, server-wide; more wait their turn. */
export const MAX_CONCURRENT_FETCHES = 32;
/** Outbound fetches at once to one origin (scheme + host + port), so we never hammer a site. */
export const MAX_CONCURRENT_FETCHES_PER_ORIGIN = 4;

/** Uncached previews one user may ask for. */
export const UNCACHED_PREVIEWS_PER_USER: RateLimitRule = {
  points: 60,
  durationSeconds: 60,
  keyPrefix: 'link-preview-user',
};

/** Field caps: a page cannot make a preview card (or the cache) arbitrarily large. */
export const MAX_TITLE_CHARS = 300;
export const MAX_DESCRIPTION_CHARS = 1500;
export const MAX_SITE_NAME_CHARS = 200;
export const MAX_MEDIA_TYPE_CHARS = 64;
export const MAX_FIELD_URL_CHARS = 2048;
export const MAX_IMAGES = 10;
export const MAX_VIDEOS = 5;
export const MAX_FAVICONS = 10;
/** JSON-LD read per page (blocks × characters), only for the site-name and image fallbacks. */
export const MAX_JSON_LD_BLOCKS = 5;
export const MAX_JSON_LD_CHARS = 64 * 1024;
/** Objects and nesting walked per JSON-LD block: bounds the work a hostile graph can cause. */
export const MAX_JSON_LD_NODES = 500;
export const MAX_JSON_LD_DEPTH = 6;
/** `<img>` declared smaller than this (width or height) is a pixel or an icon, not a card image. */
export const MIN_FALLBACK_IMAGE_PX = 50;
/**
 * How far past the end of `<head>` fallbacks are looked for (body picture, `<video poster>`,
 * first `<h1>` / paragraph, JSON-LD in the body), and read for when the head lacks a field. Further
 * down are comments, footers and ads; it also keeps imageless pages cheap. Site rules that need
 * a body element read on, up to the fetcher's decoded-bytes cap.
 */
export const MAX_BODY_LOOKAHEAD_CHARS = 32 * 1024;
/** Text kept from one body element (heading, paragraph, site-rule element). */
export const MAX_BODY_TEXT_CHARS = 4 * 1024;

/** Same-origin preview images (GET /media/p/<token>.webp). */
/** Largest page image fetched for a card; larger ones get no image. */
export const PREVIEW_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decoded pixels accepted (width × height): a small file must not unpack into gigabytes. */
export const PREVIEW_IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Widest stored copy; narrower images keep their width. */
export const PREVIEW_IMAGE_MAX_WIDTH_PX = 640;
/** WebP quality of the stored copy. */
export const PREVIEW_IMAGE_WEBP_QUALITY = 80;
/** An image that could not be copied answers 404 from memory this long before it is tried again. */
export const PREVIEW_IMAGE_FAILURE_TTL_MS = 10 * 60 * 1000;
/** Failed image tokens remembered at once; token registrations remembered at once. */
export const PREVIEW_IMAGE_MEMORY_ENTRIES = 2000;
/** Browsers keep a stored copy this long: its name is a hash of its source, so it never changes. */
export const PREVIEW_IMAGE_CACHE_SECONDS = 365 * 24 * 60 * 60;
