import type { Browser, Page } from '@playwright/test';
import { PRESENCE_REAP_WITHIN_MS } from '../server/realtime/limits';
import { expectAccessible } from './support/a11y';
import { signUp, uniqueAccount } from './support/accounts';
import { publish } from './support/composer';
import { expect, test, visitorHeaders } from './support/test';
import { twoNodes } from './support/two-nodes';

/**
 * Two app processes behind no balancer at all: each browser talks to its own node, and only
 * PostgreSQL and Redis connect them. Ports from the range kept for extra servers.
 */
const PORT_A = 3140;
const PORT_B = 3141;

/** Two production servers migrating and starting one after the other take a while on a busy machine. */
const START_TIMEOUT_MS = 120_000;

const cluster = twoNodes(PORT_A, PORT_B);
test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS);
  await cluster.start();
});
test.afterAll(async () => {
  await cluster.dispose();
});

async function visitorOn(browser: Browser, nodeUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: nodeUrl, extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await signUp(page, uniqueAccount());
  return page;
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: 'Live' });

test('two nodes share the live feed and presence, and a killed node’s members leave', async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await visitorOn(browser, cluster.a.url);
  const bo = await visitorOn(browser, cluster.b.url);

  await test.step('a presence channel counts the users of both nodes', async () => {
    await expect(status(ana)).toHaveText('Live · 2 online');
    await expect(status(bo)).toHaveText('Live · 2 online');
  });

  await test.step('a post made on node A appears live on node B', async () => {
    const text = `Written on node A ${Date.now()}`;
    await publish(ana, text);
    const onBo = bo
      .getByRole('feed', { name: 'Latest posts' })
      .getByRole('article')
      .filter({ hasText: text });
    await expect(onBo).toBeVisible();
    await expectAccessible(bo);
  });

  await test.step('killing node A removes its members on node B', async () => {
    await cluster.a.kill();
    await expect(status(bo)).toHaveText('Live · 1 online', { timeout: PRESENCE_REAP_WITHIN_MS + 3_000 });
  });

  await Promise.all([ana.context().close(), bo.context().close()]);
});
