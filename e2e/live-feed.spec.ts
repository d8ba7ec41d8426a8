import { expect, test } from './support/live-server';
import { signUp, uniqueAccount } from './support/accounts';
import { expectAccessible } from './support/a11y';
import { showLivePost, signedInPage } from './support/live';
import { publish } from './support/composer';
import { chooseOwnPostAction } from './support/posts';
import { visitorHeaders } from './support/test';

test('a post made by one person appears live for another, and so does its deletion', async ({ browser }) => {
  const ana = await signedInPage(browser);
  const bo = await signedInPage(browser);
  const text = `Live hello ${Date.now()}`;
  await publish(ana, text);

  const onBo = bo.getByRole('feed', { name: 'Latest posts' }).getByRole('article').filter({ hasText: text });
  await expect(onBo).toBeVisible();
  await expectAccessible(bo);

  await ana
    .getByRole('feed')
    .getByRole('article')
    .filter({ hasText: text })
    .getByRole('button', { name: /^Like/ })
    .click();
  await expect(onBo.getByRole('button', { name: /\(1 like\)/ })).toBeVisible();

  const onAna = ana.getByRole('feed').getByRole('article').filter({ hasText: text });
  await chooseOwnPostAction(onAna, 'Delete');
  await ana.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(onBo).toHaveCount(0);
  await Promise.all([ana.context().close(), bo.context().close()]);
});

test('a reader scrolled down gets a "new posts" pill and nothing on screen moves', async ({ browser }) => {
  const ana = await signedInPage(browser);
  const bo = await signedInPage(browser);
  const run = Date.now();
  for (let i = 0; i < 8; i += 1)
    await publish(ana, `Filler post ${i} of ${run} ${'so the feed is taller than the window. '.repeat(4)}`);
  // Live, only the first filler goes straight in (the view keeps Bo's place, so Bo is then no
  // longer at the top and the rest wait behind the pill): load the feed afresh to have them all.
  await bo.reload();
  await expect(
    bo
      .getByRole('feed')
      .getByRole('article')
      .filter({ hasText: `Filler post 7 of ${run}` }),
  ).toBeVisible();

  await bo.mouse.wheel(0, 700);
  await expect.poll(() => bo.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const anchor = bo
    .getByRole('feed')
    .getByRole('article')
    .filter({ hasText: `Filler post 3 of ${run}` });
  const before = { scroll: await bo.evaluate(() => window.scrollY), top: (await anchor.boundingBox())?.y };

  const text = `Arrived while scrolled ${Date.now()}`;
  await publish(ana, text);
  const pill = bo.getByRole('button', { name: /1 new post/ });
  await expect(pill).toBeVisible();
  await expect(bo.getByText(text)).toHaveCount(0);
  expect(await bo.evaluate(() => window.scrollY)).toBe(before.scroll);
  expect((await anchor.boundingBox())?.y).toBe(before.top);
  await expectAccessible(bo);

  // As on a busy phone (the CPU slowed 8×): the post then renders after the scroll to the top
  // has begun, and the view once stopped a post's height short of the top.
  const cdp = await bo.context().newCDPSession(bo);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await pill.focus();
  await bo.keyboard.press('Enter');
  await expect(bo.getByRole('feed').getByRole('article').first()).toContainText(text);
  await expect.poll(() => bo.evaluate(() => window.scrollY)).toBeLessThan(50);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(pill).toHaveCount(0);
  await Promise.all([ana.context().close(), bo.context().close()]);
});

test('a post made while a reader’s live connection is still opening shows once it opens', async ({
  browser,
}) => {
  const ana = await signedInPage(browser);
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const bo = await context.newPage();
  // Bo's socket reaches the server only when let through: as on a slow network, the feed is read
  // before the live connection is up, and the server does not replay what it sent before.
  let letThrough = () => {};
  const opened = new Promise<void>((resolve) => (letThrough = resolve));
  await bo.routeWebSocket(/\/app\//, async (socket) => {
    await opened;
    socket.connectToServer();
  });
  await signUp(bo, uniqueAccount());
  const timeline = bo.getByRole('tabpanel', { name: 'Everyone' });
  await expect(timeline.getByRole('feed').or(timeline.getByRole('region', { name: /quiet/ }))).toBeVisible();
  await expect(bo.getByRole('status').filter({ hasText: 'Live' })).toHaveCount(0);

  const text = `Posted while Bo connects ${Date.now()}`;
  await publish(ana, text);
  letThrough();
  await expect(bo.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await showLivePost(bo, bo.getByRole('feed').getByRole('article').filter({ hasText: text }));
  await Promise.all([ana.context().close(), context.close()]);
});
