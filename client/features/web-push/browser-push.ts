import type { PushSubscribeRequest } from '../../../common/contracts/web-push';
import { translate } from '../../i18n';
import { UserFacingError } from '../../lib/api-client';
import { webPushMessages } from './web-push.messages';

/** How long to wait for the service worker before saying this page cannot get notifications. */
export const SERVICE_WORKER_WAIT_MS = 10_000;

/** What this browser can do about notifications, as the settings section explains it. */
export type PushSupport = 'unsupported' | 'denied' | 'ask' | 'granted';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' ? 'granted' : 'ask';
}

/** The VAPID key as the Push API takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_resolve, reject) =>
    setTimeout(
      () => reject(new UserFacingError(translate(webPushMessages)('serviceWorkerTimeout'))),
      SERVICE_WORKER_WAIT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Asks the browser for permission (its own prompt, once) and for a subscription to its push
 * service, signed for this instance's key. What the server needs is the subscription as JSON.
 */
export async function subscribeThisBrowser(applicationServerKey: string): Promise<PushSubscribeRequest> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new UserFacingError(translate(webPushMessages)('permissionBlocked'));
  }
  const registration = await readyRegistration();
  const subscription = await registration.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(applicationServerKey) })
    .catch((error: unknown) => {
      throw new UserFacingError(translate(webPushMessages)('subscribeFailed'), { cause: error });
    });
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) {
    throw new UserFacingError(translate(webPushMessages)('subscriptionIncomplete'));
  }
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/**
 * This browser's own subscription, ended on the browser's side: at log-out, or when its device is
 * turned off here. The server forgets it by itself (it belonged to the session).
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (pushSupport() === 'unsupported') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
