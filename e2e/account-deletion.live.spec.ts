import { expectAccessible } from './support/a11y';
import { publish } from './support/composer';
import { signedIn, signedInPage } from './support/live';
import { expect, test } from './support/live-server';

test("deleting an account takes its posts out of another reader's feed, live", async ({ browser }) => {
  const { page: ana, account } = await signedIn(browser);
  const bo = await signedInPage(browser);
  const text = `Soon gone ${Date.now()}`;
  await publish(ana, text);
  const onBo = bo.getByRole('feed', { name: 'Latest posts' }).getByRole('article').filter({ hasText: text });
  await expect(onBo).toBeVisible();

  await ana.getByRole('link', { name: 'Settings' }).click();
  const section = ana.getByRole('region', { name: 'Delete account' });
  await section.getByLabel('Password').fill(account.password);
  await section.getByRole('button', { name: 'Delete account…' }).click();
  const confirm = ana.getByRole('dialog', { name: `Delete @${account.handle} for good?` });
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(ana.getByRole('link', { name: 'Log in' })).toBeVisible();

  await expect(onBo).toHaveCount(0);
  await bo.goto(`/@${account.handle}`);
  await expect(bo.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await bo.goto('/');
  await expect(bo.getByRole('feed', { name: 'Latest posts' }).getByText(text)).toHaveCount(0);
  await expectAccessible(bo);
  await Promise.all([ana.context().close(), bo.context().close()]);
});
