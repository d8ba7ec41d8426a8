/// <reference lib="webworker" />
import type { PushPayload } from '../../common/contracts/web-push';

declare const self: ServiceWorkerGlobalScope;

/** The instance's icon as the home screen shows it (server/features/web-app), beside each notification. */
const NOTIFICATION_ICON = '/app-icons/icon-192.png';

/** Read field by field, without zod (it would triple the worker's size): the payload is ours. */
function payloadOf(data: PushMessageData | null): PushPayload | null {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  if (typeof url !== 'string' || !url.startsWith('/')) return null;
  return { title, body, url, tag };
}

/**
 * What a push that cannot be read shows: every push must show something (the subscription
 * promised the browser as much), and a browser's own stand-in text says less than this.
 */
const UNREADABLE_PUSH: PushPayload = {
  title: 'New notifications',
  body: '',
  url: '/notifications',
  tag: 'unreadable-push',
};

/**
 * Shows what the server pushed, as it is. A later push of the same group (its tag) replaces the
 * shown one quietly: "Ana and 2 others liked your post" does not buzz again for each like.
 */
export function showPushedNotifications(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const payload = payloadOf(event.data) ?? UNREADABLE_PUSH;
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: NOTIFICATION_ICON,
        data: { url: payload.url },
      }),
    );
  });
}

/** The app's window showing `url`: an open one brought there, else a new one. */
async function openInApp(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows[0];
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  const shown = (await open.navigate(url)) ?? open;
  // Focusing needs the click's permission, which the browser gives this handler.
  await shown.focus().catch(() => undefined);
}

/** A click on a notification opens what it is about: the post, the follower, the requests. */
export function openClickedNotifications(): void {
  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/notifications';
    event.waitUntil(openInApp(path));
  });
}
