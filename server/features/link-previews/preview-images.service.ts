import { createHmac } from 'node:crypto';
import type { LinkPreview } from '../../../common/link-previews/preview-contract';
import { createSafeFileFetcher, type SafeFileFetcher } from '../../platform/safe-fetch/safe-fetch';
import type { ResolveHost } from '../../platform/safe-fetch/target-check';
import type { ObjectStorage, StoredObject } from '../../platform/storage/object-storage';
import { createKeyedLimiter } from '../../platform/concurrency/keyed-limiter';
import {
  MAX_CONCURRENT_FETCHES,
  MAX_CONCURRENT_FETCHES_PER_ORIGIN,
  PREVIEW_IMAGE_FAILURE_TTL_MS,
  PREVIEW_IMAGE_MAX_BYTES,
  PREVIEW_IMAGE_MEMORY_ENTRIES,
} from './limits';
import { createLruCache } from '../../platform/cache/lru-cache';
import { encodePreviewImage } from './preview-image-encode';
import type { PreviewImagesRepository } from './preview-images.repository';

/**
 * Same-origin copies of preview images, so a viewer's browser never contacts the page's site
 * and a hostile image URL never reaches the page. A copy is named by an HMAC of its source URL:
 * only URLs the server saw in a preview get a token, and only tokens it issued are fetched.
 * Copies are made on first request, stored, and served from storage afterwards.
 */

export const PREVIEW_IMAGE_ROUTE_PREFIX = '/media/p/';
const TOKEN_PATTERN = /^[a-f0-9]{64}$/;
const IMAGE_TYPES = 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8';

export interface PreviewImageService {
  /** The same-origin URL of the preview's first image, or null (no image, or not registered). */
  proxyUrlOf(preview: LinkPreview): Promise<string | null>;
  /** The stored copy for a token, made now if needed; null answers 404. */
  open(token: string): Promise<StoredObject | null>;
}

export interface PreviewImageServiceOptions {
  images: PreviewImagesRepository;
  storage: ObjectStorage;
  /** The server secret; tokens use a key derived from it under their own label. */
  secret: string;
  allowedPrivateAddresses?: readonly string[];
  fetcher?: SafeFileFetcher;
  resolveHost?: ResolveHost;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export const storageKeyOf = (token: string) => `p/${token}.webp`;

const firstImageOf = (preview: LinkPreview) => ('images' in preview ? (preview.images[0] ?? null) : null);

export function createPreviewImageService(options: PreviewImageServiceOptions): PreviewImageService {
  const now = options.now ?? Date.now;
  const report = options.onError ?? (() => undefined);
  const key = createHmac('sha256', options.secret).update('link-preview-image-token').digest();
  const fetcher =
    options.fetcher ??
    createSafeFileFetcher({
      allowedPrivateAddresses: options.allowedPrivateAddresses ?? [],
      maxBytes: PREVIEW_IMAGE_MAX_BYTES,
      accept: IMAGE_TYPES,
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    });
  const registered = createLruCache<true>(PREVIEW_IMAGE_MEMORY_ENTRIES);
  const failed = createLruCache<true>(PREVIEW_IMAGE_MEMORY_ENTRIES);
  const limiter = createKeyedLimiter(MAX_CONCURRENT_FETCHES, MAX_CONCURRENT_FETCHES_PER_ORIGIN);
  const inFlight = new Map<string, Promise<boolean>>();

  const tokenOf = (url: string) => createHmac('sha256', key).update(url).digest('hex');

  async function proxyUrlOf(preview: LinkPreview): Promise<string | null> {
    const source = firstImageOf(preview);
    if (source === null) return null;
    const token = tokenOf(source);
    if (!registered.get(token, now())) {
      try {
        await options.images.register(token, source, now());
      } catch (error) {
        report(error);
        return null;
      }
      registered.set(token, true, Number.POSITIVE_INFINITY);
    }
    return `${PREVIEW_IMAGE_ROUTE_PREFIX}${token}.webp`;
  }

  /** Fetch, check, re-encode, store; false when any step fails (remembered for a while). */
  async function copy(token: string): Promise<boolean> {
    const source = await options.images.sourceOf(token);
    if (source === null) return false;
    const fetched = await limiter.run(new URL(source).origin, () => fetcher.fetchFile(source));
    if (!fetched.ok) return false;
    const encoded = await encodePreviewImage(fetched.body);
    if (encoded === null) return false;
    await options.storage.put(storageKeyOf(token), encoded, 'image/webp');
    return true;
  }

  async function ensureCopy(token: string): Promise<boolean> {
    const running = inFlight.get(token);
    if (running) return running;
    const started = copy(token)
      .catch((error: unknown) => {
        report(error);
        return false;
      })
      .then((ok) => {
        if (!ok) failed.set(token, true, now() + PREVIEW_IMAGE_FAILURE_TTL_MS);
        return ok;
      })
      .finally(() => inFlight.delete(token));
    inFlight.set(token, started);
    return started;
  }

  async function open(token: string): Promise<StoredObject | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const stored = await options.storage.open(storageKeyOf(token));
    if (stored) return stored;
    if (failed.get(token, now())) return null;
    return (await ensureCopy(token)) ? options.storage.open(storageKeyOf(token)) : null;
  }

  return { proxyUrlOf, open };
}
