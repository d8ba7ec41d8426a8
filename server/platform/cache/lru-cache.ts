/**
 * A small in-memory LRU with per-entry expiry, in front of the database cache. A Map keeps
 * insertion order, so re-inserting on read makes the first key the least recently used.
 */
export interface LruCache<T> {
  get(key: string, now: number): T | undefined;
  set(key: string, value: T, expiresAt: number): void;
  readonly size: number;
}

export function createLruCache<T>(maxEntries: number): LruCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, expiresAt) {
      entries.delete(key);
      entries.set(key, { value, expiresAt });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
