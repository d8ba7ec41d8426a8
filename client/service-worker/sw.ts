/// <reference lib="webworker" />
/**
 * Tidings' service worker. It keeps the app shell (the built page, scripts and styles) so a
 * repeat visit paints without the network; keeps the last answers of the reading endpoints and
 * the media they show so the feed can be read offline; and shows pushed notifications. It is
 * built by vite-plugin-pwa, which writes the list of the build's files into `self.__WB_MANIFEST`.
 */
import { clientsClaim, type RouteHandlerCallback } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { MEDIA_BASE } from '../../common/api/endpoints';
import { LOCALES, type Locale, matchLocale, shellPageOf } from '../i18n/locales';
import { isOfflineReadable } from './offline-reading';
import { openClickedNotifications, showPushedNotifications } from './push-notifications';
import { readApiOffline, readMediaOffline } from './offline-strategies';

declare const self: ServiceWorkerGlobalScope;

/** Paths the server answers itself, which the app shell must never stand in for. */
const SERVER_PATHS = [/^\/api\//, /^\/media\//, /^\/app-icons\//, /^\/manifest\.webmanifest$/, /^\/healthz$/];

// A new version waits until the person agrees to reload (the page's "Reload to update"), so a
// page is never left running scripts of one build against the shell of another.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open page at once, so what it reads is kept from the first visit.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the same page, which routes in the browser: the one of the browser's
// language, as the server would send it, so the loading frame and `<html lang>` are right
// offline too. (`languages` is read per navigation: the browser's settings may change.)
const shellOf = Object.fromEntries(
  LOCALES.map((locale) => [locale, createHandlerBoundToURL(shellPageOf(locale))]),
) as Record<Locale, RouteHandlerCallback>;
registerRoute(
  new NavigationRoute((options) => shellOf[matchLocale(self.navigator.languages)](options), {
    denylist: SERVER_PATHS,
  }),
);

registerRoute(({ url, sameOrigin }) => sameOrigin && isOfflineReadable(url.pathname), readApiOffline());
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(MEDIA_BASE), readMediaOffline());

showPushedNotifications();
openClickedNotifications();
