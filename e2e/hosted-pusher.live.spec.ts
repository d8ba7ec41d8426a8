import { expectAccessible } from './support/a11y';
import { signUp, uniqueAccount } from './support/accounts';
import { publish } from './support/composer';
import { ownServer } from './support/own-server';
import { expect, test } from './support/test';

/**
 * Hosted Pusher played by a second Tidings: `service` serves the sockets (embedded server with
 * fixed credentials), `app` only publishes to it with the PUSHER_* variables an operator would
 * set for a Pusher-compatible server. The browser uses `app` alone and must still see posts live.
 */
const SERVICE_PORT = 3150;
const APP_PORT = 3151;
const CREDENTIALS = {
  id: 'tidings-hosted-e2e',
  key: 'hosted-e2e-key',
  secret: 'a-shared-secret-for-the-hosted-e2e-run',
};

test('a reader on the app sees a post live through the hosted service', async ({ browser }) => {
  test.setTimeout(90_000);
  const service = ownServer(SERVICE_PORT, {
    REALTIME_APP_ID: CREDENTIALS.id,
    REALTIME_APP_KEY: CREDENTIALS.key,
    REALTIME_APP_SECRET: CREDENTIALS.secret,
  });
  const app = ownServer(APP_PORT, {
    PUSHER_APP_ID: CREDENTIALS.id,
    PUSHER_KEY: CREDENTIALS.key,
    PUSHER_SECRET: CREDENTIALS.secret,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(SERVICE_PORT),
    PUSHER_USE_TLS: 'false',
  });
  await Promise.all([service.start(), app.start()]);
  const readerContext = await browser.newContext({ baseURL: app.url });
  const writerContext = await browser.newContext({ baseURL: app.url });
  try {
    const reader = await readerContext.newPage();
    const sockets: string[] = [];
    reader.on('websocket', (socket) => sockets.push(socket.url()));
    await signUp(reader, uniqueAccount());
    await expect(reader.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    expect(sockets.length).toBeGreaterThan(0);
    expect(
      sockets.every((url) => url.startsWith(`ws://127.0.0.1:${SERVICE_PORT}/app/${CREDENTIALS.key}`)),
    ).toBe(true);

    const writer = await writerContext.newPage();
    await signUp(writer, uniqueAccount());
    const text = `Through the hosted service ${Date.now()}`;
    await publish(writer, text);

    const feed = reader.getByRole('feed', { name: 'Latest posts' });
    await expect(feed.getByRole('article').filter({ hasText: text })).toBeVisible();
    await expectAccessible(reader);
  } finally {
    await Promise.all([readerContext.close(), writerContext.close()]);
    await Promise.all([app.dispose(), service.dispose()]);
  }
});
