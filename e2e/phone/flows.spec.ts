import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpByApi, uniqueAccount } from '../support/accounts';
import { openComposer } from '../support/composer';
import { resetLinkFor } from '../support/outbox';
import { ownPostMenu } from '../support/posts';
import { type PageServer, startPageServer } from '../support/page-server';
import {
  bottomBar,
  checkPage,
  expectFieldsWithoutZoom,
  expectNoHorizontalOverflow,
  expectReachable,
  mentionOf,
  openMenu,
  otherPerson,
  postByApi,
} from '../support/phone';
import { scratchFolder } from '../support/scratch-folder';
import { expect, test } from '../support/test';

// The main flows of the app on a phone: run by the `phone` (390 × 844) and `small-phone`
// (320 × 640) projects. Every page on the way is checked for sideways scrolling and with axe, in
// the light and the dark scheme; every control is tapped, as a thumb would.

// Each page is checked with axe twice (light, dark): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const scratch = scratchFolder('phone');
let pages: PageServer;
test.beforeAll(async () => {
  pages = await startPageServer();
});
test.afterAll(async () => {
  await pages.close();
});

let pictures = 0;
/** A landscape photo, as phones take them: left half teal, right half orange. */
async function photo(): Promise<string> {
  pictures += 1;
  const half = (background: string) =>
    sharp({ create: { width: 600, height: 800, channels: 3, background } })
      .png()
      .toBuffer();
  const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#0f766e'), left: 0, top: 0 },
      { input: await half('#ea580c'), left: 600, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  const path = scratch.path(`photo-${pictures}.jpg`);
  writeFileSync(path, bytes);
  return path;
}

/** Taps a button that opens the file chooser and picks a file. */
async function tapAndPick(page: Page, button: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).first().tap();
  await (await chooser).setFiles(file);
}

/** The least width and height of a control a thumb taps. */
const TOUCH_TARGET_PX = 44;

/** How many lines an element's visible text takes (not its text for screen readers alone). */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      // `sr-only` text sits in a 1 px box.
      if ((text.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

/** A word nobody else writes, so a search finds this test's posts only. */
function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

test('signs up on the phone', async ({ page }) => {
  const account = uniqueAccount();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await checkPage(page);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Handle').fill(account.handle);
  await page.getByLabel('Display name').fill(account.displayName);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).tap();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('posts a picture cropped on the phone', async ({ page }) => {
  await signUpByApi(page.request);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await checkPage(page);

  await tapAndPick(page, 'Add images', await photo());
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await expect(dialog.getByRole('img', { name: 'Preview of the cropped image' })).toBeVisible();
  await checkPage(page);
  await dialog.getByRole('radio', { name: '1:1' }).tap();
  await expect(dialog.getByRole('radio', { name: '1:1' })).toBeChecked();
  // The point of the sheet: Apply is on screen without scrolling, and nothing covers it.
  const apply = dialog.getByRole('button', { name: 'Apply' });
  await expectReachable(page, apply);
  // The turn readout stays one line beside the rotate buttons.
  await expect.poll(() => lineCount(dialog.getByText('0°', { exact: true }))).toBe(1);
  await apply.tap();
  await expect(dialog).toHaveCount(0);

  // The picture's buttons are touch targets, whole and inside its column: none squeezed to a
  // letter's width, none past the edge.
  const item = page.getByRole('list', { name: 'Attached images' }).getByRole('listitem');
  await expect(item.getByRole('progressbar')).toHaveCount(0);
  const itemBox = await item.boundingBox();
  for (const button of await item.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box?.width, await button.innerText()).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    expect(box?.height, await button.innerText()).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((itemBox?.x ?? 0) + (itemBox?.width ?? 0));
  }
  await expect.poll(() => lineCount(item.getByRole('button', { name: 'Remove image 1' }))).toBe(1);

  const alt = `Teal and orange ${Date.now()}`;
  await page.getByLabel('Alt text for image 1').fill(alt);
  const editor = await openComposer(page);
  const text = `From my phone ${Date.now()}`;
  await editor.fill(text);
  // The composer with its picture: the post's text and the picture's alt text both take focus
  // without the phone zooming in.
  await expectFieldsWithoutZoom(page);
  await page.getByRole('button', { name: 'Post', exact: true }).tap();
  await expect(editor).toHaveText('');

  const post = page.getByRole('feed').getByRole('article').filter({ hasText: text });
  const image = post.getByRole('img', { name: alt });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Cropped 1:1 on the phone: the server cut a square.
  const shape = await image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
  expect(shape).toBeCloseTo(1, 2);
  await checkPage(page);
});

test('a post with a link gets its card', async ({ page }) => {
  await signUpByApi(page.request);
  await page.goto('/');
  const editor = await openComposer(page);
  const name = `phone-${Date.now()}`;
  await page.keyboard.type(`Read this: ${pages.url(`/article/${name}`)} `);
  await expect(page.getByTestId('composer-link-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Post', exact: true }).tap();
  await expect(editor).toHaveText('');

  const post = page.getByRole('feed').getByRole('article').filter({ hasText: 'Read this:' }).first();
  const card = post.getByRole('link', { name: new RegExp(`Article ${name}`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`All about ${name}`);
  await checkPage(page);
});

test('likes and replies to a post', async ({ page, playwright, baseURL }) => {
  const other = await otherPerson(playwright, baseURL);
  const text = `Morning swim? ${uniqueWord('swim')}`;
  await postByApi(other.request, { body: text });
  await signUpByApi(page.request);
  await page.goto('/');
  const card = page.getByRole('feed').getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: /^Like/ }).tap();
  await expect(card.getByRole('button', { name: /^Unlike \(1 like\)/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await card.getByRole('link', { name: 'Replies (0)' }).tap();
  await expect(page).toHaveURL(/\/p\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article').filter({ hasText: text }).first()).toBeVisible();
  const reply = await openComposer(page, 'Write a reply');
  await reply.fill('Count me in');
  await page.getByRole('button', { name: 'Reply', exact: true }).tap();
  await expect(page.getByRole('feed', { name: 'Replies' })).toContainText('Count me in');
  await checkPage(page);
  await other.request.dispose();
});

test('an own post keeps its actions on one row, and post menus open on the screen', async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = await otherPerson(playwright, baseURL);
  const theirs = `Anyone for chess? ${uniqueWord('chess')}`;
  await postByApi(other.request, { body: theirs });
  await signUpByApi(page.request);
  const mine = `Bread is proving ${uniqueWord('bread')}`;
  await postByApi(page.request, { body: mine });
  await page.goto('/');
  const feed = page.getByRole('feed');
  const card = feed.getByRole('article').filter({ hasText: mine });
  const replies = card.getByRole('link', { name: 'Replies (0)' });
  const menu = ownPostMenu(card);
  // Reply, repost, like, bookmark and the menu side by side: the row does not wrap.
  const [first, last] = [await replies.boundingBox(), await menu.boundingBox()];
  expect(last?.y).toBe(first?.y);

  await menu.tap();
  await expectReachable(page, card.getByRole('menuitem', { name: 'Delete' }));
  await checkPage(page);
  await card.getByRole('menuitem', { name: 'Delete' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
  await confirm.getByRole('button', { name: 'Delete' }).tap();
  await expect(card).toHaveCount(0);

  // Someone else's post: its menu (mute, block, report) fits the screen too.
  const theirCard = feed.getByRole('article').filter({ hasText: theirs });
  await theirCard.getByRole('button', { name: /^More actions for the post by/ }).tap();
  await expect(theirCard.getByRole('menuitem').first()).toBeFocused();
  await expectReachable(page, theirCard.getByRole('menuitem', { name: 'Report post' }));
  await expectNoHorizontalOverflow(page);
  await other.request.dispose();
});

test('the @mention suggestions open on the screen, even for an @ typed near its right edge', async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = await otherPerson(playwright, baseURL);
  await signUpByApi(page.request);
  await page.goto('/');
  await openComposer(page);
  await page.keyboard.type(`Ask them over here, @${other.account.handle}`);
  const suggestions = page.getByRole('listbox', { name: 'People to mention' });
  await expect(suggestions.getByRole('option', { name: `@${other.account.handle}` })).toBeVisible();
  await expect(suggestions).toBeInViewport({ ratio: 1 });
  await expectNoHorizontalOverflow(page);
  await other.request.dispose();
});

test('searches from the bottom bar', async ({ page, playwright, baseURL }) => {
  const other = await otherPerson(playwright, baseURL);
  const word = uniqueWord('kayak');
  await postByApi(other.request, { body: `Kayak trip on Sunday, ${word} included` });
  await signUpByApi(page.request);
  await page.goto('/');

  await bottomBar(page).getByRole('link', { name: 'Search' }).tap();
  await expect(page).toHaveURL(/\/search$/);
  const field = page.getByLabel('Search posts', { exact: true });
  await expect(field).toBeVisible();
  await checkPage(page);

  await field.tap();
  await field.fill(word);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  const results = page.getByRole('region', { name: 'Posts' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Kayak trip on Sunday');
  await checkPage(page);
  await other.request.dispose();
});

test('changes the profile picture in settings, sees it on the profile, logs out', async ({ page }) => {
  const account = await signUpByApi(page.request);
  await page.goto('/');

  await (await openMenu(page)).getByRole('link', { name: 'Settings' }).tap();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await checkPage(page);

  await tapAndPick(page, 'Upload picture…', await photo());
  const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
  await expect(dialog.getByRole('group', { name: 'Crop area' })).toBeVisible();
  await checkPage(page);
  const apply = dialog.getByRole('button', { name: 'Apply' });
  await expectReachable(page, apply);
  await apply.tap();
  await expect(page.getByRole('status').filter({ hasText: 'Picture saved.' })).toBeVisible();

  await bottomBar(page).getByRole('link', { name: 'Profile' }).tap();
  await expect(page).toHaveURL(new RegExp(`/@${account.handle}$`));
  await expect(page.getByRole('heading', { name: account.displayName, level: 1 })).toBeVisible();
  const picture = page.locator('main header').first().locator('picture img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await checkPage(page);

  await (await openMenu(page)).getByRole('button', { name: 'Log out' }).tap();
  await expect(page).toHaveURL(/\/login$/);
  await expect(bottomBar(page)).toHaveCount(0);
  await checkPage(page);
});

test('resets a forgotten password on the phone from the e-mailed link', async ({ page }) => {
  const account = await signUpByApi(page.request);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).tap();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  const send = page.getByRole('button', { name: 'Send reset link' });
  await expectReachable(page, send);
  await send.tap();
  await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toBeVisible();
  await checkPage(page);

  await page.goto(await resetLinkFor(account.email));
  await page.getByLabel('New password').fill('a phone-typed passphrase');
  await checkPage(page);
  await page.getByRole('button', { name: 'Set new password' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in with the new password' }).tap();
  await page.getByLabel('E-mail or handle').fill(account.handle);
  await page.getByLabel('Password').fill('a phone-typed passphrase');
  await page.getByRole('button', { name: 'Log in' }).tap();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('a reply and a mention from someone else show under Notifications', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await signUpByApi(page.request);
  const postId = await postByApi(page.request, { body: `Who has a pump? ${uniqueWord('pump')}` });
  await page.goto('/');
  const notifications = bottomBar(page).getByRole('link', { name: /^Notifications/ });
  await expect(notifications).toHaveAccessibleName('Notifications');

  const other = await otherPerson(playwright, baseURL);
  await postByApi(other.request, { body: 'I do, floor pump', parentId: postId });
  await postByApi(other.request, { body: `<p>Ask ${mentionOf(account.handle)} about the ride</p>` });
  // Live: the count arrives without a reload.
  await expect(notifications).toHaveAccessibleName('Notifications, 2 unread');

  await notifications.tap();
  await expect(page).toHaveURL(/\/notifications$/);
  const name = other.account.displayName;
  await expect(page.getByRole('link', { name: new RegExp(`^${name} replied to your post`) })).toContainText(
    'I do, floor pump',
  );
  await expect(page.getByRole('link', { name: new RegExp(`^${name} mentioned you`) })).toBeVisible();
  await expect(notifications).toHaveAccessibleName('Notifications');
  await checkPage(page);
  await other.request.dispose();
});
