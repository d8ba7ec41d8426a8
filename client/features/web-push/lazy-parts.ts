/**
 * Ending this browser's push subscription at log-out: loaded when someone logs out, so the
 * signed-in header (which holds the Log out button) does not carry it on every first load.
 */
export const loadBrowserPush = () => import('./browser-push');
