import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { signUp, uniqueAccount } from './support/accounts';
import { editorOf, openComposer, publish } from './support/composer';
import { chooseOwnPostAction } from './support/posts';

test('writes, likes, replies to, edits and deletes a post', async ({ page }) => {
  const account = uniqueAccount();
  await signUp(page, account);
  const text = `Hello from ${account.handle}`;
  await publish(page, text);
  const feed = page.getByRole('feed', { name: 'Latest posts' });
  const card = feed.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expectAccessible(page);

  await card.getByRole('button', { name: /^Like/ }).click();
  await expect(card.getByRole('button', { name: /^Unlike \(1 like\)/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await card.getByRole('link', { name: 'Replies (0)' }).click();
  await expect(page).toHaveURL(/\/p\/[0-9a-f-]{36}$/);
  const reply = await openComposer(page, 'Write a reply');
  await reply.fill('A first reply');
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByRole('feed', { name: 'Replies' })).toContainText('A first reply');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Tidings home' }).click();
  await expect(card.getByRole('link', { name: 'Replies (1)' })).toBeVisible();
  await chooseOwnPostAction(card, 'Edit');
  const editor = editorOf(card, 'Edit post');
  await expect(editor).toBeFocused();
  await expect(editor).toHaveText(text);
  await editor.press('End');
  await page.keyboard.type(', edited');
  await card.getByRole('button', { name: 'Save' }).click();
  const edited = feed.getByRole('article').filter({ hasText: `${text}, edited` });
  await expect(edited).toContainText('(edited)');

  await chooseOwnPostAction(edited, 'Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(feed.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(text)).toHaveCount(0);
});

test('shows a profile with its posts', async ({ page }) => {
  const account = uniqueAccount();
  await signUp(page, account);
  const editor = await openComposer(page);
  const text = `On my profile ${account.handle}`;
  await editor.fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  // Display names repeat across parallel workers: pick the link on this post.
  const card = page.getByRole('feed').getByRole('article').filter({ hasText: text });
  await card.getByRole('link', { name: account.displayName }).click();
  await expect(page).toHaveURL(new RegExp(`/@${account.handle}$`));
  await expect(page.getByRole('heading', { name: account.displayName })).toBeVisible();
  await expect(page.getByRole('feed', { name: `Posts by ${account.displayName}` })).toContainText(text);
  await expectAccessible(page);
  await page.goto('/@nobody_at_all_here');
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
});
