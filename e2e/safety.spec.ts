import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { type Account, signUp, uniqueAccount } from './support/accounts';
import { publish } from './support/composer';
import { freePort } from './support/free-port';
import { showLivePost, signedIn } from './support/live';
import { ownServer } from './support/own-server';
import { expect, test, visitorHeaders } from './support/test';

function articleWith(page: Page, text: string) {
  return page.getByRole('feed', { name: 'Latest posts' }).getByRole('article').filter({ hasText: text });
}

test('blocking someone from a post menu, by keyboard alone, hides their posts, live ones included', async ({
  browser,
}) => {
  // Three browsers and a dozen live round trips: more than the default time on a busy machine.
  test.setTimeout(180_000);
  const run = Date.now();
  const ana = await signedIn(browser);
  const bo = await signedIn(browser);
  const cy = await signedIn(browser);
  const before = `Bo before the block ${run}`;
  await publish(bo.page, before);
  await showLivePost(ana.page, articleWith(ana.page, before));

  // Keyboard only: focus the post's menu button, open it, walk to "Block", confirm.
  const menuButton = articleWith(ana.page, before).getByRole('button', {
    name: `More actions for the post by @${bo.account.handle}`,
  });
  await menuButton.focus();
  await ana.page.keyboard.press('Enter');
  const menu = ana.page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: `Mute @${bo.account.handle}` })).toBeFocused();
  await ana.page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: `Block @${bo.account.handle}` })).toBeFocused();
  await ana.page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await ana.page.keyboard.press('ArrowDown');
  await ana.page.keyboard.press('ArrowDown');
  await expect(ana.page.getByRole('menuitem', { name: `Block @${bo.account.handle}` })).toBeFocused();
  await ana.page.keyboard.press('Enter');
  const dialog = ana.page.getByRole('dialog', { name: `Block @${bo.account.handle}?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(ana.page);
  await dialog.getByRole('button', { name: 'Block' }).focus();
  await ana.page.keyboard.press('Enter');

  await expect(articleWith(ana.page, before)).toHaveCount(0);
  const undo = ana.page.getByRole('button', { name: 'Undo block' });
  await expect(undo).toBeFocused();

  // A post Bo writes now never arrives; one Cy writes after it does, so the feed is live.
  const hidden = `Bo after the block ${run}`;
  const shown = `Cy after the block ${run}`;
  await publish(bo.page, hidden);
  await expect(bo.page.getByRole('feed').getByRole('article').filter({ hasText: hidden })).toBeVisible();
  await publish(cy.page, shown);
  await showLivePost(ana.page, articleWith(ana.page, shown));
  await expect(articleWith(ana.page, hidden)).toHaveCount(0);
  // Both ways: Bo no longer sees Ana's new posts either.
  const fromAna = `Ana after the block ${run}`;
  await publish(ana.page, fromAna);
  await publish(cy.page, `${shown} again`);
  await showLivePost(bo.page, articleWith(bo.page, `${shown} again`));
  await expect(articleWith(bo.page, fromAna)).toHaveCount(0);

  // Undo (still offered, by keyboard) brings Bo's posts back.
  await undo.focus();
  await ana.page.keyboard.press('Enter');
  await expect(articleWith(ana.page, hidden)).toBeVisible();

  await Promise.all([ana, bo, cy].map(({ page }) => page.context().close()));
});

async function visitor(browser: Browser, baseURL: string, account: Account = uniqueAccount()) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await signUp(page, account);
  return { page, account };
}

test('a report filed by one person is resolved by the admin in the reports queue', async ({ browser }) => {
  test.setTimeout(180_000);
  // Its own server: the first account there is the admin.
  const server = ownServer(await freePort());
  await server.start();
  try {
    const admin = await visitor(browser, server.url);
    const dee = await visitor(browser, server.url);
    const eli = await visitor(browser, server.url);
    const text = `Something to report ${Date.now()}`;
    await publish(eli.page, text);

    await dee.page.reload();
    const post = dee.page.getByRole('feed').getByRole('article').filter({ hasText: text });
    await post.getByRole('button', { name: /^More actions/ }).click();
    await dee.page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = dee.page.getByRole('dialog', { name: `Report a post by @${eli.account.handle}` });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel(/Anything else/).fill('Same link posted all day');
    await expectAccessible(dee.page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dee.page.getByRole('dialog', { name: 'Thanks for telling us' })).toBeVisible();

    // Non-admins are told the page is not for them.
    await dee.page.goto('/admin/reports');
    await expect(dee.page.getByRole('alert')).toHaveText('Only admins and moderators can see the reports.');

    await admin.page.getByRole('link', { name: 'Reports' }).click();
    await expect(admin.page).toHaveURL(/\/admin\/reports$/);
    const group = admin.page.getByRole('article', { name: /1 report on a post by/ });
    await expect(group).toContainText(text);
    await expect(group).toContainText('Spam');
    await expect(group).toContainText('Same link posted all day');
    await expectAccessible(admin.page);
    await group.getByRole('button', { name: 'Resolve' }).click();
    await expect(admin.page.getByText('No open reports. All clear.')).toBeVisible();

    await Promise.all([admin, dee, eli].map(({ page }) => page.context().close()));
  } finally {
    await server.dispose();
  }
});
