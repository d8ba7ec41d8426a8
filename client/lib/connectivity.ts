import { useSyncExternalStore } from 'react';
import { SERVED_FROM_DEVICE_HEADER } from './device-caches';

/**
 * Whether the app is reading from the server or from what this device saved. The browser's own
 * `navigator.onLine` says only that some network is up; a phone on a dead Wi-Fi or a server that
 * cannot be reached is just as offline, so the API's answers have their say too.
 */
interface Connectivity {
  browserOnline: boolean;
  /** The last API request either failed to reach the server or was answered from the device. */
  serverUnreachable: boolean;
}

let state: Connectivity = {
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverUnreachable: false,
};
const listeners = new Set<() => void>();

function update(next: Partial<Connectivity>): void {
  const merged = { ...state, ...next };
  if (merged.browserOnline === state.browserOnline && merged.serverUnreachable === state.serverUnreachable)
    return;
  state = merged;
  for (const listener of listeners) listener();
}

export const connectivity = {
  /** An API answer arrived: from the server, or (with the service worker's mark) from the device. */
  noteAnswer(this: void, response: Response): void {
    update({ serverUnreachable: response.headers.has(SERVED_FROM_DEVICE_HEADER) });
  },
  /** An API request failed before any answer: no network, or no server behind it. */
  noteUnreachable(this: void): void {
    update({ serverUnreachable: true });
  },
};

function subscribe(listener: () => void): () => void {
  const onOnline = () => update({ browserOnline: true });
  const onOffline = () => update({ browserOnline: false });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  listeners.add(listener);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    listeners.delete(listener);
  };
}

/** True while the app cannot reach the server and shows what this device saved. */
export function useIsOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !state.browserOnline || state.serverUnreachable,
    () => false,
  );
}
