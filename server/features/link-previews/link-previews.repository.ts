import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/database';
import { PREVIEW_MEMORY_STORE_ENTRIES } from './limits';
import { createLruCache } from '../../platform/cache/lru-cache';
import { readStoredJson, StoredJsonError } from '../../platform/db/stored-json';
import { type PreviewOutcome, previewOutcomeSchema } from './preview-outcome';

/**
 * Where preview outcomes are kept between requests and restarts, keyed by normalised URL.
 * Expired entries read as missing; purgeExpired() reclaims their space.
 */
export interface CachedPreview {
  outcome: PreviewOutcome;
  expiresAt: number;
}

export interface PreviewCacheStore {
  get(url: string, now: number): Promise<CachedPreview | null>;
  set(url: string, outcome: PreviewOutcome, expiresAt: number): Promise<void>;
  purgeExpired(now: number): Promise<void>;
}

/** A store that lives in this process only (tests, benches, or running without a database). */
export function createMemoryPreviewCacheStore(maxEntries = PREVIEW_MEMORY_STORE_ENTRIES): PreviewCacheStore {
  const cache = createLruCache<CachedPreview>(maxEntries);
  return {
    async get(url, now) {
      return cache.get(url, now) ?? null;
    },
    async set(url, outcome, expiresAt) {
      cache.set(url, { outcome, expiresAt }, expiresAt);
    },
    async purgeExpired() {
      // The LRU drops expired entries when it reads them and old ones when it is full.
    },
  };
}

// URLs can be 2 kB; a fixed-size hash keeps the primary-key index small on both engines.
const keyOf = (url: string) => createHash('sha256').update(url).digest('hex');

/** A row that does not parse is a cache miss: the page is previewed again and the row replaced. */
function parseOutcome(json: string): PreviewOutcome | null {
  try {
    return readStoredJson(previewOutcomeSchema, json, 'link_preview_cache.outcome');
  } catch (error) {
    if (error instanceof StoredJsonError) return null;
    throw error;
  }
}

export function createKyselyPreviewCacheStore(db: Db): PreviewCacheStore {
  return {
    async get(url, now) {
      const row = await db
        .selectFrom('link_preview_cache')
        .select(['url', 'outcome', 'expires_at'])
        .where('url_hash', '=', keyOf(url))
        .executeTakeFirst();
      // The URL is compared too, so a hash collision can only cost a cache miss.
      if (!row || row.url !== url || row.expires_at <= now) return null;
      const outcome = parseOutcome(row.outcome);
      return outcome && { outcome, expiresAt: row.expires_at };
    },
    async set(url, outcome, expiresAt) {
      const values = { url_hash: keyOf(url), url, outcome: JSON.stringify(outcome), expires_at: expiresAt };
      await db
        .insertInto('link_preview_cache')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .column('url_hash')
            .doUpdateSet({ url: values.url, outcome: values.outcome, expires_at: values.expires_at }),
        )
        .execute();
    },
    async purgeExpired(now) {
      await db.deleteFrom('link_preview_cache').where('expires_at', '<=', now).execute();
    },
  };
}
