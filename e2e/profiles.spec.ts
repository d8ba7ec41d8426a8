import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { type Account, signUp, uniqueAccount } from './support/accounts';
import { publish } from './support/composer';
import { scratchFolder } from './support/scratch-folder';
import { expect, test } from './support/test';

const scratch = scratchFolder('profiles');

/** A wide picture: green on the left half, magenta on the right. */
async function twoColourJpeg(): Promise<string> {
  const half = (r: number, g: number, b: number) =>
    sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const bytes = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#000' } })
    .composite([
      { input: await half(0, 200, 0), left: 0, top: 0 },
      { input: await half(220, 0, 220), left: 400, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  const path = scratch.path(`avatar-${Date.now()}.jpg`);
  writeFileSync(path, bytes);
  return path;
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

async function newAccount(page: Page): Promise<Account> {
  const account = uniqueAccount();
  await signUp(page, account);
  return account;
}

test('edit the profile with a round-cropped avatar; it shows on the profile and on posts', async ({
  page,
}) => {
  const account = await newAccount(page);
  await publish(page, `Before my new face ${Date.now()}`);
  await openSettings(page);

  await page.getByLabel('Display name').fill('Ana Avatar');
  await page.getByLabel('Bio').fill('Cyclist. <b>not bold</b>');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload picture…' }).click();
  await (await chooser).setFiles(await twoColourJpeg());
  const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
  await expect(dialog.getByRole('group', { name: 'Crop area' })).toBeVisible();
  // The round mode: a round mask, locked to 1:1, so no aspect choice is offered.
  await expect(dialog.locator('.reactEasyCrop_CropAreaRound')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page);
  // Move the picture under the box towards its right (magenta) half, by keyboard.
  await dialog.getByRole('group', { name: 'Crop area' }).focus();
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowLeft');
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/me/avatar') && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Apply' }).click();
  expect((await upload).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Picture saved.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace picture…' })).toBeVisible();

  await page.goto(`/@${account.handle}`);
  const header = page.locator('main header').first();
  await expect(page.getByRole('heading', { name: 'Ana Avatar', level: 1 })).toBeVisible();
  await expect(page.getByText('Cyclist. <b>not bold</b>')).toBeVisible();
  await expect(page.getByText('1 post', { exact: true })).toBeVisible();
  const profilePicture = header.locator('picture img');
  await expect(profilePicture).toHaveJSProperty('complete', true);
  expect(await profilePicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const src = await profilePicture.evaluate((img: HTMLImageElement) => img.currentSrc);
  const served = await page.request.get(src);
  const { dominant } = await sharp(await served.body()).stats();
  expect(dominant.r).toBeGreaterThan(150);
  expect(dominant.g).toBeLessThan(100);

  const post = page.getByRole('article').filter({ hasText: 'Before my new face' });
  await expect(post.locator('picture img')).toHaveAttribute('loading', 'lazy');
  await expect(post.locator('picture img')).toHaveAttribute('width', '40');
  await page.goto('/');
  await expect(
    page
      .getByRole('feed')
      .getByRole('article')
      .filter({ hasText: 'Before my new face' })
      .locator('picture img'),
  ).toBeVisible();

  // Removing the picture brings the initials back.
  await openSettings(page);
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByRole('button', { name: 'Upload picture…' })).toBeVisible();
  await page.goto(`/@${account.handle}`);
  await expect(page.locator('main header').first().locator('picture')).toHaveCount(0);
  await expect(page.locator('main header').first().getByText('AA', { exact: true })).toBeVisible();
});

test('settings work by keyboard alone: profile, password, sessions', async ({ page }) => {
  const account = await newAccount(page);
  // A fresh load puts the keyboard at the top of the page; Tab from there to the header's link.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Tab');
  let guard = 0;
  while (
    !(await page.getByRole('link', { name: 'Settings' }).evaluate((el) => el === document.activeElement))
  ) {
    await page.keyboard.press('Tab');
    guard += 1;
    expect(guard).toBeLessThan(30);
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.getByLabel('Display name').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Keyboard Person');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible();

  // A wrong current password is refused next to its field, and focus lands there.
  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByLabel('Current password').focus();
  await page.keyboard.type('not my password');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a fresh long passphrase');
  await page.keyboard.press('Enter');
  await expect(passwordSection.getByText('That is not your current password.')).toBeVisible();
  await expect(passwordSection.getByLabel('Current password')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(passwordSection.getByRole('status')).toHaveText(/Password changed/);

  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByText('This device')).toBeVisible();
  await expect(sessions).toContainText('Chrome');
});

test('changing the e-mail suggests a fix for a mistyped domain and asks the password', async ({ page }) => {
  const account = await newAccount(page);
  await openSettings(page);
  const section = page.getByRole('region', { name: 'E-mail address' });
  const newEmail = `changed${account.handle}@gmail.com`;
  await section.getByLabel('E-mail').fill(newEmail.replace('gmail', 'gmial'));
  await section.getByLabel('Current password').fill(account.password);
  await expect(section.getByText('Did you mean')).toBeVisible();
  await section.getByRole('button', { name: /gmail\.com/ }).click();
  await expect(section.getByLabel('E-mail')).toHaveValue(newEmail);
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'E-mail address changed.' })).toBeVisible();
  // Changed at once where addresses need no confirmation: the new one waits for nothing.
  await expect(section.getByText(`${newEmail} is not confirmed yet.`)).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveValue('');
});

test('a session logged out from settings is signed out in its own browser', async ({ page, browser }) => {
  const account = await newAccount(page);
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/login');
  await phone.getByLabel('E-mail or handle').fill(account.handle);
  await phone.getByLabel('Password').fill(account.password);
  await phone.getByRole('button', { name: 'Log in' }).click();
  await expect(phone.getByRole('heading', { name: 'Home' })).toBeVisible();

  await openSettings(page);
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Log out all other devices' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await phone.goto('/settings');
  await expect(phone.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await other.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`/settings and /@handle have no serious axe violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const account = await newAccount(page);
    await publish(page, `Something to show ${Date.now()}`);
    await openSettings(page);
    await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
    await page
      .getByRole('region', { name: 'Password' })
      .getByRole('button', { name: 'Change password' })
      .click();
    await expect(page.getByText('Enter your current password.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('region', { name: 'Delete account' }).getByLabel('Password').fill('whatever it is');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    await expect(page.getByRole('dialog', { name: `Delete @${account.handle} for good?` })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.goto(`/@${account.handle}`);
    await expect(page.getByRole('heading', { name: account.displayName, level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Replies', exact: true }).click();
    await expect(page.getByText('No replies yet.')).toBeVisible();
    await expectAccessible(page);
  });
}

test('deleting the account with a wrong password is refused next to the field', async ({ page }) => {
  const account = await newAccount(page);
  await openSettings(page);
  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByLabel('Password').fill('certainly not it');
  await section.getByRole('button', { name: 'Delete account…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('That is not your current password.')).toBeVisible();
  await expect(section.getByLabel('Password')).toBeFocused();
  await page.goto(`/@${account.handle}`);
  await expect(page.getByRole('heading', { name: account.displayName, level: 1 })).toBeVisible();
});
