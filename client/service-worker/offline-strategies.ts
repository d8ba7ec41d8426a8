/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_BASE, endpoints } from '../../common/api/endpoints';
import { ACCOUNT_CACHE_NAMES, SERVED_FROM_DEVICE_HEADER, clearAccountCaches } from '../lib/device-caches';

/** How many API answers the device keeps: a few pages of each timeline and the posts opened from them. */
export const OFFLINE_API_MAX_ENTRIES = 100;
/** How many media files it keeps: the images of those pages. */
export const OFFLINE_MEDIA_MAX_ENTRIES = 300;
/** Anything kept longer than a week is dropped when next touched. */
export const OFFLINE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/**
 * How long an API request may wait for the network before the device's copy is shown instead:
 * a phone on a connection that accepts requests and answers none is offline in all but name.
 * The request goes on and refreshes the copy if it does end.
 */
export const API_NETWORK_TIMEOUT_SECONDS = 10;

const CURRENT_USER_PATH = `${API_BASE}${endpoints['auth.me'].path}`;

/** Whether the server's answer says nobody is signed in with this browser's cookie. */
async function saysSignedOut(request: Request, response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (new URL(request.url).pathname !== CURRENT_USER_PATH || !response.ok) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && (body as { user?: unknown }).user === null;
}

/**
 * The device's copies belong to the account that read them. The page empties them at log-out;
 * this catches the sessions that end elsewhere (expired, revoked from another device): the first
 * answer saying nobody is signed in empties them before anyone else can sign in here.
 */
const forgetEndedSession: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (await saysSignedOut(request, response)) await clearAccountCaches();
    return response;
  },
};

/** A copy given because the network failed carries a header, so the page can say it is offline. */
const markServedFromDevice: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SERVED_FROM_DEVICE_HEADER, '1');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

function keepFor(maxEntries: number): ExpirationPlugin {
  return new ExpirationPlugin({
    maxEntries,
    maxAgeSeconds: OFFLINE_MAX_AGE_SECONDS,
    purgeOnQuotaError: true,
  });
}

/** The network's answer whenever there is one (and a copy of it kept); the copy when there is none. */
export function readApiOffline(): NetworkFirst {
  return new NetworkFirst({
    cacheName: ACCOUNT_CACHE_NAMES.api,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      forgetEndedSession,
      new CacheableResponsePlugin({ statuses: [200] }),
      keepFor(OFFLINE_API_MAX_ENTRIES),
      markServedFromDevice,
    ],
  });
}

/** A media file never changes under its URL (a new image gets a new one): the copy is as good. */
export function readMediaOffline(): CacheFirst {
  return new CacheFirst({
    cacheName: ACCOUNT_CACHE_NAMES.media,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), keepFor(OFFLINE_MEDIA_MAX_ENTRIES)],
  });
}
