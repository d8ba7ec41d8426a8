import { expect, test } from './support/live-server';
import { expectAccessible } from './support/a11y';
import { signedInPage } from './support/live';
import { openComposer } from './support/composer';
import { type PageServer, startPageServer } from './support/page-server';

let pages: PageServer;
test.beforeAll(async () => {
  pages = await startPageServer();
});
test.afterAll(async () => {
  await pages.close();
});

test('a published card reaches another reader live, served from our origin', async ({ browser, baseURL }) => {
  test.slow(); // two accounts, two browser contexts
  const ana = await signedInPage(browser);
  const bo = await signedInPage(browser);
  const boRequests: string[] = [];
  bo.on('request', (request) => boRequests.push(request.url()));

  const name = `live-${Date.now()}`;
  const editor = await openComposer(ana);
  await ana.keyboard.type(`Shared live: ${pages.url(`/article/${name}`)} `);
  await expect(ana.getByRole('link', { name: new RegExp(`Article ${name}`) })).toBeVisible();
  await editor.press('Control+Enter');
  await expect(editor).toHaveText('');

  const onBo = bo
    .getByRole('feed', { name: 'Latest posts' })
    .getByRole('article')
    .filter({ hasText: 'Shared live:' });
  const card = onBo.getByRole('link', { name: new RegExp(`Article ${name}`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`All about ${name}`);
  await expect
    .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(bo);

  const ours = new URL(baseURL ?? '').origin;
  expect(boRequests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== ours)).toEqual([]);
  // The reader got the card with the post: no preview request of their own.
  expect(boRequests.filter((url) => url.includes('/api/v1/proxy'))).toEqual([]);
  await Promise.all([ana.context().close(), bo.context().close()]);
});
