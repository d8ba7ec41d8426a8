import { expect, test } from './support/test';
import { v7 as timeOrderedUuid } from 'uuid';
import { ownServer } from './support/own-server';
import { signUp, uniqueAccount } from './support/accounts';

const OWN_PORT = 3112;

test('after a server restart the feed reconnects and shows the posts it missed', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = ownServer(OWN_PORT);
  await server.start();
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await signUp(page, uniqueAccount());
    const status = page.getByRole('status').filter({ hasText: /Live|Reconnecting/ });
    await expect(status).toHaveText(/Live/);
    const me = await page.evaluate(() =>
      fetch('/api/v1/auth/me', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json()),
    );

    await server.stop();
    await expect(status).toHaveText(/Reconnecting/);
    // Written while the reader was cut off: no live event will ever announce it.
    const missed = `Written during the outage ${Date.now()}`;
    await server.insertPost({
      id: timeOrderedUuid(),
      authorId: me.user.id,
      text: missed,
      createdAt: Date.now(),
    });
    await server.start();

    await expect(status).toHaveText(/Live/, { timeout: 45_000 });
    await expect(page.getByRole('feed', { name: 'Latest posts' }).getByRole('article').first()).toContainText(
      missed,
    );
  } finally {
    await context.close();
    await server.dispose();
  }
});
