import { MAX_PREVIEW_URL_LENGTH, normalizeUrl } from '../../../common/link-previews/url-rules';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { createSafeFetcher, type SafeFetcher } from '../../platform/safe-fetch/safe-fetch';
import type { ResolveHost } from '../../platform/safe-fetch/target-check';
import { createKeyedLimiter } from '../../platform/concurrency/keyed-limiter';
import type { PreviewCacheStore } from './link-previews.repository';
import {
  MAX_CONCURRENT_FETCHES,
  MAX_CONCURRENT_FETCHES_PER_ORIGIN,
  PREVIEW_CACHE_PURGE_INTERVAL_MS,
  PREVIEW_FAILURE_TTL_MS,
  PREVIEW_MEMORY_CACHE_ENTRIES,
  PREVIEW_SUCCESS_TTL_MS,
} from './limits';
import { createLruCache } from '../../platform/cache/lru-cache';
import { fetchLinkPreview } from './preview-fetch';
import type { PreviewOutcome, PreviewRefusal } from './preview-outcome';

/**
 * Previews by URL for signed-in users: memory LRU → database cache → one shared fetch per URL
 * (single-flight), outbound fetches capped globally and per origin, uncached previews limited
 * per user. Failures are values; only bugs throw.
 */

export interface LinkPreviewService {
  getPreview(userId: string, url: string): Promise<PreviewOutcome | PreviewRefusal>;
}

export interface LinkPreviewServiceOptions {
  store: PreviewCacheStore;
  /** Spends one point per uncached preview, keyed by user id. */
  rateLimiter: RateLimiter;
  /** Test-only, dangerous elsewhere: resolved addresses the fetcher treats as public. */
  allowedPrivateAddresses?: readonly string[];
  /** Replaces the default fetcher (tests and benches: deadline, resolver). */
  fetcher?: SafeFetcher;
  resolveHost?: ResolveHost;
  now?: () => number;
  /** Told about cache-store failures, which never fail a preview. */
  onStoreError?: (error: unknown) => void;
}

/** The cache key: the normalised URL without its fragment (never sent to the server). */
export function previewCacheKey(input: string): string | null {
  if (input.length > MAX_PREVIEW_URL_LENGTH) return null;
  const normalized = normalizeUrl(input);
  if (normalized === null) return null;
  const url = new URL(normalized);
  url.hash = '';
  return url.href;
}

const ttlOf = (outcome: PreviewOutcome) => (outcome.ok ? PREVIEW_SUCCESS_TTL_MS : PREVIEW_FAILURE_TTL_MS);

export function createLinkPreviewService(options: LinkPreviewServiceOptions): LinkPreviewService {
  const now = options.now ?? Date.now;
  const reportStoreError = options.onStoreError ?? (() => undefined);
  const fetcher =
    options.fetcher ??
    createSafeFetcher({
      allowedPrivateAddresses: options.allowedPrivateAddresses ?? [],
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    });
  const memory = createLruCache<PreviewOutcome>(PREVIEW_MEMORY_CACHE_ENTRIES);
  const limiter = createKeyedLimiter(MAX_CONCURRENT_FETCHES, MAX_CONCURRENT_FETCHES_PER_ORIGIN);
  const inFlight = new Map<string, Promise<PreviewOutcome | PreviewRefusal>>();
  let lastPurge = now();

  async function stored(key: string): Promise<PreviewOutcome | null> {
    try {
      const entry = await options.store.get(key, now());
      if (entry) memory.set(key, entry.outcome, entry.expiresAt);
      return entry?.outcome ?? null;
    } catch (error) {
      reportStoreError(error);
      return null;
    }
  }

  function remember(key: string, outcome: PreviewOutcome): void {
    const expiresAt = now() + ttlOf(outcome);
    memory.set(key, outcome, expiresAt);
    options.store.set(key, outcome, expiresAt).catch(reportStoreError);
    if (now() - lastPurge >= PREVIEW_CACHE_PURGE_INTERVAL_MS) {
      lastPurge = now();
      options.store.purgeExpired(lastPurge).catch(reportStoreError);
    }
  }

  /** Database cache, then the user's rate limit, then one fetch through the limiter. */
  async function lookUp(userId: string, key: string): Promise<PreviewOutcome | PreviewRefusal> {
    const hit = await stored(key);
    if (hit) return hit;
    const decision = await options.rateLimiter.consume(userId);
    if (!decision.allowed)
      return { ok: false, code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    const result = await limiter.run(new URL(key).origin, () => fetchLinkPreview(fetcher, key));
    // Read statistics are for benches; they are not part of what is cached or answered.
    const outcome: PreviewOutcome = result.ok ? { ok: true, preview: result.preview } : result;
    remember(key, outcome);
    return outcome;
  }

  async function getPreview(userId: string, url: string): Promise<PreviewOutcome | PreviewRefusal> {
    const key = previewCacheKey(url);
    if (key === null) return { ok: false, code: 'invalid_url' };
    const hit = memory.get(key, now());
    if (hit) return hit;
    const running = inFlight.get(key);
    if (running) {
      // Joining costs the origin nothing, so it costs this user nothing; if the user who
      // started the lookup was over their limit, this user tries on their own account.
      const shared = await running;
      return shared.ok || shared.code !== 'rate_limited' ? shared : getPreview(userId, url);
    }
    const started = lookUp(userId, key).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return { getPreview };
}
