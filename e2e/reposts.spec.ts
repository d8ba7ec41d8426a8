import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { API_HEADERS, signUpByApi } from './support/accounts';
import { editorOf, openComposer } from './support/composer';
import { showLivePost, signedIn } from './support/live';
import { expect, test } from './support/test';
import { chooseOwnPostAction } from './support/posts';

// Reposting and quoting in a desktop browser: a repost arriving live on a follower's Home, its
// undo, a quote with its card, the quoted author told, and the card once the post is deleted.
// The phone sizes are in phone/social.spec.ts.

test.describe.configure({ timeout: 90_000 });

const homeOf = (page: Page) => page.getByRole('feed', { name: 'Home timeline' });

test('repost and quote: live on Home, undo, a quote card that outlives its post', async ({ browser }) => {
  const run = Date.now().toString(36);
  const ana = await signedIn(browser);
  const bo = await signedIn(browser);
  const cy = await signedIn(browser);

  // Ana follows Bo; Cy writes a post nobody Ana follows wrote.
  await ana.page.goto(`/@${bo.account.handle}`);
  await ana.page.getByRole('button', { name: `Follow @${bo.account.handle}` }).click();
  await expect(
    ana.page.getByRole('button', { name: `Following: unfollow @${bo.account.handle}` }),
  ).toBeVisible();
  const cyText = `Cy's heron ${run}`;
  const cyPost = await cy.page.request.post('/api/v1/posts', {
    data: { body: cyText },
    headers: API_HEADERS,
  });
  expect(cyPost.status()).toBe(201);
  await ana.page.goto('/');
  await expect(ana.page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  await expect(homeOf(ana.page).getByRole('article').filter({ hasText: cyText })).toHaveCount(0);

  // Bo reposts it from Cy's profile, through the repost menu; it arrives live on Ana's Home as
  // "Bo reposted".
  await bo.page.goto(`/@${cy.account.handle}`);
  const onProfile = bo.page.getByRole('article').filter({ hasText: cyText });
  await onProfile.getByRole('button', { name: 'Repost (0 reposts)' }).click();
  await bo.page.getByRole('menuitem', { name: 'Repost' }).click();
  await expect(onProfile.getByRole('button', { name: 'Reposted (1 repost)' })).toBeFocused();
  const reposted = homeOf(ana.page).getByRole('article', {
    name: `${bo.account.displayName} reposted ${cy.account.displayName}`,
  });
  await showLivePost(ana.page, reposted);
  await expect(reposted).toContainText(cyText);
  await expect(reposted.getByRole('button', { name: 'Repost (1 repost)' })).toBeVisible();
  await expectAccessible(ana.page);
  // Cy hears of it.
  await expect(cy.page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

  // Bo takes it back: the entry leaves Ana's Home without a reload.
  await onProfile.getByRole('button', { name: 'Reposted (1 repost)' }).click();
  await bo.page.getByRole('menuitem', { name: 'Undo repost' }).click();
  await expect(onProfile.getByRole('button', { name: 'Repost (0 reposts)' })).toBeVisible();
  await expect(reposted).toHaveCount(0);
  // An undo while Cy has not read it takes the notification back.
  await expect(cy.page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // Ana quotes Cy's post from its page, with the keyboard: the menu opens on its first item.
  await ana.page.goto(`/@${cy.account.handle}`);
  const original = ana.page.getByRole('article').filter({ hasText: cyText });
  const menuButton = original.getByRole('button', { name: 'Repost (0 reposts)' });
  const quoteByKeyboard = async () => {
    await menuButton.focus();
    await ana.page.keyboard.press('Enter');
    await expect(ana.page.getByRole('menuitem', { name: 'Repost' })).toBeFocused();
    await ana.page.keyboard.press('ArrowDown');
    await expect(ana.page.getByRole('menuitem', { name: 'Quote' })).toBeFocused();
    await ana.page.keyboard.press('Enter');
  };
  await quoteByKeyboard();
  const dialog = ana.page.getByRole('dialog', { name: 'Quote post' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(cyText);
  await expectAccessible(ana.page);
  // Escape closes it, and the focus returns to the menu's button.
  await ana.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await quoteByKeyboard();
  const editor = editorOf(dialog, `Your post quoting @${cy.account.handle}`);
  await expect(editor).toBeFocused();
  const quoteText = `Ana's take ${run}`;
  await editor.fill(quoteText);
  await editor.press('Control+Enter');
  await expect(dialog).toHaveCount(0);

  // The quote, with the quoted post's card linking to it; Cy is told.
  await ana.page.goto('/');
  const quoting = homeOf(ana.page).getByRole('article').filter({ hasText: quoteText });
  const card = quoting.getByRole('link', {
    name: `Quoted post by ${cy.account.displayName} (@${cy.account.handle})`,
  });
  await expect(card).toBeVisible();
  await expect(card).toContainText(cyText);
  await cy.page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(cy.page.getByRole('main')).toContainText(`${ana.account.displayName} quoted your post`);
  await expectAccessible(cy.page);

  // Cy deletes the post: Ana's quote stays, its card now says so, live.
  await cy.page.goto(`/@${cy.account.handle}`);
  const own = cy.page.getByRole('article').filter({ hasText: cyText });
  await chooseOwnPostAction(own, 'Delete');
  await cy.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(own).toHaveCount(0);
  await expect(quoting.getByText('This post was removed')).toBeVisible();
  await expect(card).toHaveCount(0);
  await ana.page.reload();
  await expect(
    homeOf(ana.page).getByRole('article').filter({ hasText: quoteText }).getByText('This post was removed'),
  ).toBeVisible();
  await expectAccessible(ana.page);

  for (const person of [ana, bo, cy]) await person.page.context().close();
});

test("a quote written while the page's composer holds a draft: both composers work, the draft stays", async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const me = await signUpByApi(page.request);
  const quoted = `Worth quoting ${run}`;
  const posted = await page.request.post('/api/v1/posts', { data: { body: quoted }, headers: API_HEADERS });
  expect(posted.status()).toBe(201);
  await page.goto('/');
  // The page's composer open with a draft: its editor code is loaded, so the quote's composer
  // is made at once (this order took the page down with a TipTap error).
  const draft = `Half a thought ${run}`;
  const editor = await openComposer(page);
  await editor.fill(draft);

  const card = page.getByRole('feed').getByRole('article').filter({ hasText: quoted });
  await card.getByRole('button', { name: 'Repost (0 reposts)' }).click();
  // As on a busy phone (a CPU twelve times slower): TipTap then destroys the editor it built in
  // render before React runs the dialog's effects, and builds another; a render holding the
  // destroyed one threw (React error 520 on a fast machine, most runs here).
  const cpu = await page.context().newCDPSession(page);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  await page.getByRole('menuitem', { name: 'Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote post' });
  const quoteEditor = editorOf(dialog, `Your post quoting @${me.handle}`);
  await expect(quoteEditor).toBeFocused({ timeout: 20_000 });
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const post = dialog.getByRole('button', { name: 'Post', exact: true });
  await expect(post).toBeDisabled();
  await quoteEditor.fill(`My take ${run}`);
  await expect(post).toBeEnabled();
  await post.click();
  await expect(dialog).toHaveCount(0);

  await expect(
    page
      .getByRole('feed')
      .getByRole('article')
      .filter({ hasText: `My take ${run}` }),
  ).toBeVisible();
  await expect(editor).toHaveText(draft);
});
