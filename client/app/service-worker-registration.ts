import { useSyncExternalStore } from 'react';

/**
 * A phone keeps an installed app open for days, and the browser looks for a new service worker
 * only when a page is loaded: the open app asks again every hour.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Built from client/service-worker/sw.ts; served with no-cache so a deploy is seen at once. */
const SERVICE_WORKER_URL = '/sw.js';

/*
 * Written here rather than with workbox-window (through vite-plugin-pwa's register module): that
 * pair adds 3 KB to every first load, more than the first-load budget leaves, and treats an
 * update found by a later check in the tab that installed the first version as "external", for
 * which it never reloads. What is needed is a few lines of the standard API.
 */

/** A new version, installed and waiting for the open pages to let it take over. */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of listeners) listener();
  // Whichever tab lets it take over, every tab that knows of it reloads: the new version has
  // dropped the old one's files, which a page still running the old scripts would ask for.
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
}

/** An installed worker is an update when another already controls the page (not the first install). */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}

function register(): void {
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).then(
    // Answered with nothing where something stands in for service workers to block them (browser
    // automation, some privacy tools): the app then works without one, as below.
    (registration: ServiceWorkerRegistration | undefined) => {
      if (!registration) return;
      watchForUpdates(registration);
      setInterval(() => {
        // Offline or a server that is down: the next check will do.
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    // Not allowed here (a private window, a browser setting): the app works without it.
    () => undefined,
  );
}

/**
 * Registers the service worker once the page has loaded, so its work never competes with the
 * first paint. Only where the browser has service workers, on a secure origin.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Lets the waiting version take over; the page reloads into it (above). */
export function applyUpdate(): void {
  waiting?.postMessage({ type: 'SKIP_WAITING' });
}

/** "Later": the notice goes; the new version still takes over once every tab of the app is closed. */
export function dismissUpdate(): void {
  waiting = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version is waiting for the reader's word. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}
