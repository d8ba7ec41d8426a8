import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string | null>();
/** Placeholders kept decoded; a feed page shows far fewer, and each is a few hundred bytes. */
export const PLACEHOLDER_CACHE_ENTRIES = 500;

/** Base64 (standard or URL-safe, padding optional) to bytes. */
export function decodeBase64(text: string): Uint8Array {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The ThumbHash as a small PNG data URL, or null when the hash is missing or malformed. */
export function placeholderUrl(thumbHash: string): string | null {
  const known = cache.get(thumbHash);
  if (known !== undefined) return known;
  let url: string | null;
  try {
    url = thumbHash ? thumbHashToDataURL(decodeBase64(thumbHash)) : null;
  } catch {
    url = null; // a broken placeholder must not break the post
  }
  if (cache.size >= PLACEHOLDER_CACHE_ENTRIES) cache.clear();
  cache.set(thumbHash, url);
  return url;
}
