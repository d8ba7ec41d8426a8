/**
 * What the service worker keeps on this device for a signed-in person, named here because both
 * sides use the names: the worker fills these caches, the page empties them when a session ends.
 * The app shell's own precache is not listed: it is the same for everyone.
 */
export const ACCOUNT_CACHE_NAMES = {
  /** Answers of the API's reading endpoints, for reading offline (client/service-worker). */
  api: 'tidings-api',
  /** Images and other media files those answers point to. */
  media: 'tidings-media',
} as const;

/**
 * Set by the service worker on an API answer it gives from the device because the network failed:
 * the page then says it is offline, whatever `navigator.onLine` believes.
 */
export const SERVED_FROM_DEVICE_HEADER = 'x-tidings-served-from-device';

/**
 * Empties the caches that hold one account's answers, so the next person to sign in on this
 * device never reads them. Without Cache Storage (an insecure origin, an old browser) there is
 * nothing to clear.
 */
export async function clearAccountCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(ACCOUNT_CACHE_NAMES).map((name) => caches.delete(name)));
}
