import type { BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { startPushService, type PushServiceStandIn } from '../../server/test-support/push-service';
import { API_HEADERS } from './accounts';
import { waitForServiceWorker } from './offline';
import { otherPerson, postByApi } from './phone';
import { expect } from './test';

export interface ShownNotification {
  title: string;
  body: string;
  url: unknown;
}

/**
 * Turns on notifications for this device in Settings, with a push service stand-in on 127.0.0.1
 * behind the browser's Push API. Chromium's own push service is on the internet, out of this
 * machine's reach: the page's PushManager hands out a subscription of the stand-in instead, and
 * everything after it (the server's push, its VAPID signature, the encryption, the worker) is real.
 */
export async function turnOnPushForThisDevice(
  page: Page,
  context: BrowserContext,
): Promise<PushServiceStandIn> {
  await context.grantPermissions(['notifications']);
  const devices = await page.request.get('/api/v1/me/push-subscriptions', { headers: API_HEADERS });
  const { applicationServerKey } = (await devices.json()) as { applicationServerKey: string };
  const pushService = await startPushService({ vapidPublicKey: applicationServerKey });
  const subscription = pushService.subscribe();
  // The subscription outlives page loads, as the browser's own does: the flag is in sessionStorage.
  await page.addInitScript((json) => {
    const FLAG = 'e2e-push-subscribed';
    const made = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => json,
      unsubscribe: async () => {
        sessionStorage.removeItem(FLAG);
        return true;
      },
      getKey: () => null,
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => {
      sessionStorage.setItem(FLAG, '1');
      return made;
    };
    PushManager.prototype.getSubscription = async () => (sessionStorage.getItem(FLAG) ? made : null);
  }, subscription);
  await page.goto('/settings#push-notifications');
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(page.getByRole('list', { name: 'Devices with notifications' })).toContainText('This device');
  await expect(page.getByRole('button', { name: 'Turn on for this device' })).toHaveCount(0);
  return pushService;
}

/** Someone else replies to a post of the page's account; answers the post's id and their name. */
export async function replyFromSomeoneElse(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
): Promise<{ postId: string; replier: string }> {
  const postId = await postByApi(page.request, { body: 'Where shall we ride on Sunday?' });
  const other = await otherPerson(playwright, baseURL);
  await postByApi(other.request, { body: 'The coast road, before the wind picks up.', parentId: postId });
  await other.request.dispose();
  return { postId, replier: other.account.displayName };
}

/** How long a delivered push has to show its notification before it is delivered again. */
const PUSH_SHOWN_WITHIN_MS = 5_000;
/** Deliveries of one push before the test gives up on it. */
const PUSH_DELIVERY_ATTEMPTS = 3;

/**
 * Hands a payload to the page's service worker as a push service would, and waits until the
 * worker has shown a notification for it (every push shows one). The DevTools protocol's
 * delivery (what the Application panel's "Push" button does) answers before the worker has the
 * message and says nothing of what became of it; once, on a busy machine, nothing showed. So an
 * unshown push is delivered again, as a push service redelivers a push the browser has not
 * acknowledged. A repeat replaces the first notification (same tag), never adds one.
 */
export async function deliverToServiceWorker(
  page: Page,
  context: BrowserContext,
  payload: string,
): Promise<void> {
  const shownBefore = await latestShownAt(page);
  for (let attempt = 1; ; attempt += 1) {
    await sendPush(page, context, payload);
    try {
      await expect
        .poll(() => latestShownAt(page), { timeout: PUSH_SHOWN_WITHIN_MS })
        .toBeGreaterThan(shownBefore);
      return;
    } catch (error) {
      if (attempt >= PUSH_DELIVERY_ATTEMPTS) throw error;
    }
  }
}

/** When the newest notification the worker shows now was shown (0 with none). */
async function latestShownAt(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    // `timestamp` is Chromium's (set when shown), not in TypeScript's DOM types.
    return Math.max(
      0,
      ...shown.map((notification) => (notification as Notification & { timestamp: number }).timestamp),
    );
  });
}

/** One delivery through the DevTools protocol, to the page's service worker registration. */
async function sendPush(page: Page, context: BrowserContext, payload: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: payload,
  });
  await cdp.detach();
}

/** The notifications the worker shows now. */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      url: (notification.data as { url?: unknown } | null)?.url,
    }));
  });
}

/**
 * A click on the shown notification. No browser lets a test click its notification centre, so the
 * worker gets the event a click sends, with that notification, and its own handler runs.
 */
export async function clickShownNotification(context: BrowserContext): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker is running');
  await worker.evaluate(async () => {
    // The worker's globals, which the page's types (this file's) do not know.
    const scope = globalThis as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification is shown');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
}
