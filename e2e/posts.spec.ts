import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { signUpWithForm, uniqueAccount } from './support/accounts';

test('writes, likes, replies to, edits and deletes a post', async ({ page }) => {
  const account = uniqueAccount();
  await signUpWithForm(page, account);
  const text = `Hello from ${account.handle}`;
  await page.getByLabel('Write a post').fill(text);
  await page.getByLabel('Write a post').press('Control+Enter');
  const feed = page.getByRole('feed', { name: 'Latest posts' });
  const card = feed.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(page.getByLabel('Write a post')).toHaveValue('');
  await expectAccessible(page);

  await card.getByRole('button', { name: /^Like/ }).click();
  await expect(card.getByRole('button', { name: /^Unlike \(1 like\)/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await card.getByRole('link', { name: 'Replies (0)' }).click();
  await expect(page).toHaveURL(/\/p\/[0-9a-f-]{36}$/);
  await page.getByLabel('Write a reply').fill('A first reply');
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByRole('feed', { name: 'Replies' })).toContainText('A first reply');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Tidings home' }).click();
  await expect(card.getByRole('link', { name: 'Replies (1)' })).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Edit post').fill(`${text}, edited`);
  await card.getByRole('button', { name: 'Save' }).click();
  const edited = feed.getByRole('article').filter({ hasText: `${text}, edited` });
  await expect(edited).toContainText('(edited)');

  await edited.getByRole('button', { name: 'Delete' }).click();
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
  await signUpWithForm(page, account);
  await page.getByLabel('Write a post').fill('On my profile');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('feed').getByRole('link', { name: account.displayName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/@${account.handle}$`));
  await expect(page.getByRole('heading', { name: account.displayName })).toBeVisible();
  await expect(page.getByRole('feed', { name: `Posts by ${account.displayName}` })).toContainText(
    'On my profile',
  );
  await expectAccessible(page);
  await page.goto('/@nobody_at_all_here');
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
});
