import { writeFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { type Account, signUp, uniqueAccount } from './support/accounts';
import { publish } from './support/composer';
import { freePort } from './support/free-port';
import { expectFieldsWithoutZoom } from './support/phone';
import { ownServer } from './support/own-server';
import { scratchFolder } from './support/scratch-folder';
import { expect, test, visitorHeaders } from './support/test';

/** Widths every page must fit without sideways scrolling; below 640 px the phone layout applies. */
const WIDTHS = [320, 360, 390, 768, 1280] as const;
const PHONE_BREAKPOINT_PX = 640;
const HEADER_HEIGHT_PX = 64;
const MIN_TOUCH_TARGET_PX = 44;
const VIEWPORT_HEIGHT_PX = 800;

/** Words and links with no break opportunity: what makes a narrow page scroll sideways. */
const LONG_WORD = `Unbreakable${'x'.repeat(80)}`;
const LONG_URL = `https://example.com/${'a'.repeat(90)}/${'b'.repeat(40)}`;

const scratch = scratchFolder('responsive');

async function jpegFile(width: number, height: number): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  const path = scratch.path(`${width}x${height}-${Date.now()}.jpg`);
  writeFileSync(path, bytes);
  return path;
}

async function newVisitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(), baseURL });
  return context.newPage();
}

async function signedUp(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ page: Page; account: Account }> {
  const page = await newVisitor(browser, baseURL);
  const account = uniqueAccount();
  await signUp(page, account);
  return { page, account };
}

/** The whole box of `locator` lies inside the window (not merely scrolled into reach). */
async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

async function expectTouchSized(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'target has a box').not.toBeNull();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(MIN_TOUCH_TARGET_PX);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(MIN_TOUCH_TARGET_PX);
}

/** No sideways scrolling, and a 64 px header, at the page's current width. */
async function expectFits(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // Named in the failure message: the elements that reach past the window's right edge.
    culprits: Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`),
  }));
  expect(widths.scroll, `${what}: wider than the window: ${widths.culprits.join(' | ')}`).toBeLessThanOrEqual(
    widths.inner,
  );
  const header = await page.locator('body header').first().boundingBox();
  expect(header?.height, `${what}: header height`).toBe(HEADER_HEIGHT_PX);
}

/** Whether the server made this account its admin (the first account on a server is). */
async function isAdmin(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/v1/me/safety', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { isAdmin: boolean }).isAdmin;
}

/** Phone navigation: five ≥ 44 px items in a bottom bar, and Settings/Log out behind "Menu". */
async function expectPhoneNavigation(page: Page): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Primary' });
  await expect(bar).toBeVisible();
  const viewport = page.viewportSize();
  const barBox = await bar.boundingBox();
  expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(viewport?.height);
  const items = [
    bar.getByRole('link', { name: 'Home' }),
    bar.getByRole('link', { name: 'Search' }),
    bar.getByRole('link', { name: /^Notifications/ }),
    bar.getByRole('link', { name: 'Profile' }),
    bar.getByRole('button', { name: 'Menu' }),
  ];
  for (const item of items) {
    await expectOnScreen(page, item);
    await expectTouchSized(item);
    // The short label is shown whole, not cut off with an ellipsis.
    const isCut = await item.evaluate((element) =>
      Array.from(element.querySelectorAll('span')).some((label) => label.scrollWidth > label.clientWidth),
    );
    expect(isCut, `label of ${await item.textContent()}`).toBe(false);
  }
  const menu = bar.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  for (const item of [
    panel.getByRole('link', { name: 'Settings' }),
    panel.getByRole('button', { name: 'Log out' }),
  ]) {
    await expectOnScreen(page, item);
    await expectTouchSized(item);
  }
  await expect(panel.getByRole('link', { name: 'Reports' })).toHaveCount((await isAdmin(page)) ? 1 : 0);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
}

type Role = 'signed-out' | 'member' | 'admin';

/** `widths` starting from its `start`-th entry and wrapping round, so every entry comes once. */
function rotated<T>(widths: readonly T[], start: number): T[] {
  const at = start % widths.length;
  return [...widths.slice(at), ...widths.slice(0, at)];
}

/**
 * The page shown, in a window `width` wide, fits: no sideways scrolling, the header, on phones
 * fields that take focus without zooming, and the navigation of the role. On the first path of
 * the sweep a phone width also checks the phone navigation itself; on the last, axe-core runs at
 * each phone width.
 */
async function checkShownPageAt(
  page: Page,
  width: number,
  role: Role,
  where: { path: string; isFirst: boolean; isLast: boolean },
): Promise<void> {
  const isPhone = width < PHONE_BREAKPOINT_PX;
  const header = page.getByRole('banner');
  // The account's part of the header arrives once /auth/me answers.
  if (role === 'signed-out') await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  else await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
  await expectFits(page, `${role} ${where.path} at ${width} px`);
  if (isPhone) await expectFieldsWithoutZoom(page);
  if (role !== 'signed-out' && isPhone && where.isFirst) {
    await expectPhoneNavigation(page);
    await expectFits(page, `${role} ${where.path} at ${width} px, menu closed`);
  }
  if (role === 'signed-out') {
    await expectOnScreen(page, header.getByRole('link', { name: 'Log in' }));
    await expectOnScreen(page, header.getByRole('link', { name: 'Sign up' }));
    await expect(page.getByRole('navigation', { name: 'Primary' })).toHaveCount(0);
  }
  if (!isPhone) await expect(page.getByRole('navigation', { name: 'Primary' })).toBeHidden();
  if (isPhone && where.isLast) await expectAccessible(page);
}

/**
 * Loads each path once and checks it at every width, resizing the window between checks as a
 * phone turned on its side does, rather than loading the page again for each width (a whole
 * first load each time). The i-th path is loaded at the i-th width, wrapping round, so every
 * width also sees pages laid out from their first load, not only after a resize.
 */
async function checkPagesAcrossWidths(page: Page, paths: readonly string[], role: Role): Promise<void> {
  for (const [index, path] of paths.entries()) {
    const where = { path, isFirst: index === 0, isLast: index === paths.length - 1 };
    for (const [step, width] of rotated(WIDTHS, index).entries()) {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT_PX });
      if (step === 0) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      }
      await checkShownPageAt(page, width, role, where);
    }
  }
}

/** A post with long words and a long link, so the pages below carry the content that overflows. */
async function seedLongPost(page: Page): Promise<string> {
  const text = `${LONG_WORD} ${LONG_URL} ${Date.now()}`;
  await publish(page, text);
  const article = page
    .getByRole('feed', { name: 'Latest posts' })
    .getByRole('article')
    .filter({ hasText: LONG_WORD });
  await expect(article.first()).toBeVisible();
  const href = await article.first().locator('a[href^="/p/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href ?? '/';
}

test(`every page fits from ${WIDTHS[0]} px up signed in, with phone navigation below ${PHONE_BREAKPOINT_PX} px`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { page, account } = await signedUp(browser, baseURL);
  const postPath = await seedLongPost(page);
  await checkPagesAcrossWidths(
    page,
    [
      '/',
      postPath,
      `/@${account.handle}`,
      `/search?q=${LONG_WORD.slice(0, 20)}`,
      '/search',
      '/settings',
      '/notifications',
      '/admin/reports',
      '/no-such-page/at/all',
    ],
    'member',
  );
  await page.context().close();
});

test(`every page fits from ${WIDTHS[0]} px up signed out`, async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { page: author, account } = await signedUp(browser, baseURL);
  const postPath = await seedLongPost(author);
  await author.context().close();
  const visitor = await newVisitor(browser, baseURL);
  await checkPagesAcrossWidths(
    visitor,
    [
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password#token=t',
      '/confirm-email#token=t',
      postPath,
      `/@${account.handle}`,
      '/search',
      '/no-such-page/at/all',
    ],
    'signed-out',
  );
  await visitor.context().close();
});

test("a visitor's first load brings none of the signed-in header: no live feed socket, no pusher-js", async ({
  browser,
  baseURL,
}) => {
  const visitor = await newVisitor(browser, baseURL);
  await visitor.goto('/login');
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Sign up' })).toBeVisible();
  const scripts = await visitor.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(await (await visitor.request.get(script)).text(), script).not.toContain('pusher:');
  }
  await visitor.context().close();
});

test('the admin pages fit from 320 px, Reports sits in the phone menu, Outgoing e-mail beside it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Its own server: the first account there is the admin.
  const server = ownServer(await freePort());
  await server.start();
  try {
    const { page } = await signedUp(browser, server.url);
    expect(await isAdmin(page)).toBe(true);
    await checkPagesAcrossWidths(page, ['/admin/reports', '/admin/mail', '/'], 'admin');
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Primary' });
    await bar.getByRole('button', { name: 'Menu' }).click();
    await bar.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(bar.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    // Outgoing e-mail is one link away from the queue; none has failed on a fresh server.
    await page.getByRole('link', { name: 'Outgoing e-mail' }).click();
    await expect(page).toHaveURL(/\/admin\/mail$/);
    await expect(page.getByText('None. Every message went out or is still being tried.')).toBeVisible();
    await expectAccessible(page);
    await page.context().close();
  } finally {
    await server.dispose();
  }
});

test('a phone searches from the search page and logs out from the menu', async ({ browser, baseURL }) => {
  const { page } = await signedUp(browser, baseURL);
  await page.setViewportSize({ width: 320, height: 640 });
  await publish(page, `Phone findable ${LONG_WORD}`);
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Search' }).click();
  const field = page.getByRole('searchbox', { name: 'Search posts', exact: true });
  await expectOnScreen(page, field);
  const box = await field.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(12 * 16);
  await field.fill('findable');
  await expect(page).toHaveURL(/\/search\?q=findable$/);
  await expect(
    page.getByRole('region', { name: 'Posts' }).getByRole('listitem').filter({ hasText: 'Phone findable' }),
  ).toBeVisible();

  // The dark scheme too: the bar and its open menu keep their contrast.
  await page.emulateMedia({ colorScheme: 'dark' });
  const bar = page.getByRole('navigation', { name: 'Primary' });
  await bar.getByRole('button', { name: 'Menu' }).click();
  await expectAccessible(page);
  await bar.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.context().close();
});

/** Opens a dialog's file chooser with `button` and picks `path`. */
async function pick(page: Page, button: Locator, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(path);
}

/** The crop dialog fills the phone without empty bands, and Cancel/Apply are on screen as it opens. */
async function expectCropDialogFits(page: Page, dialog: Locator): Promise<void> {
  const area = dialog.getByRole('group', { name: 'Crop area' });
  await expect(area).toBeVisible();
  const viewport = page.viewportSize();
  const dialogBox = await dialog.boundingBox();
  // A full-screen sheet: no margin around it on a phone.
  expect(dialogBox).toEqual({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
  // No empty bands: the picture fills its frame (react-easy-crop's container).
  const frame = await dialog.locator('.reactEasyCrop_Container').boundingBox();
  const picture = await dialog.locator('img.reactEasyCrop_Image').boundingBox();
  expect(Math.abs((frame?.width ?? 0) - (picture?.width ?? -9))).toBeLessThanOrEqual(2);
  expect(Math.abs((frame?.height ?? 0) - (picture?.height ?? -9))).toBeLessThanOrEqual(2);
  await expectOnScreen(page, area);
  await expectOnScreen(page, dialog.getByRole('button', { name: 'Cancel' }));
  await expectOnScreen(page, dialog.getByRole('button', { name: 'Apply' }));
  for (const name of ['Rotate left', 'Rotate right']) {
    await expectTouchSized(dialog.getByRole('button', { name }));
  }
  const scroll = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll.scroll).toBeLessThanOrEqual(scroll.inner);
}

for (const size of [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
]) {
  test(`cropping works on a ${size.width} × ${size.height} phone: post image and avatar`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { page } = await signedUp(browser, baseURL);
    await page.setViewportSize(size);

    await pick(page, page.getByRole('button', { name: 'Add images' }).first(), await jpegFile(1600, 900));
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    await expectCropDialogFits(page, dialog);
    await expectAccessible(page);
    const apply = dialog.getByRole('button', { name: 'Apply' });
    await expect(apply).toBeEnabled();
    await apply.click({ trial: true });
    await apply.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Alt text for image 1')).toBeVisible();

    await page.goto('/settings');
    await pick(page, page.getByRole('button', { name: 'Upload picture…' }), await jpegFile(600, 1200));
    const avatarDialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await expectCropDialogFits(page, avatarDialog);
    await avatarDialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Picture saved.' })).toBeVisible();
    await page.context().close();
  });
}

test('dialogs become full-screen sheets on a phone with their actions on screen', async ({
  browser,
  baseURL,
}) => {
  const { page } = await signedUp(browser, baseURL);
  await page.setViewportSize({ width: 320, height: 640 });
  // A phone has no keyboard to use the shortcuts with, so their button is gone; one attached
  // to it still opens the help.
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeHidden();
  await page.getByRole('heading', { name: 'Home' }).click();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  expect(await help.boundingBox()).toEqual({ x: 0, y: 0, width: 320, height: 640 });
  await expectOnScreen(page, help.getByRole('button', { name: 'Close' }));
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  await page.goto('/settings');
  const deleteButton = page.getByRole('button', { name: 'Delete account…' });
  await page
    .locator('form')
    .filter({ has: deleteButton })
    .getByLabel('Password')
    .fill('a long enough password');
  await deleteButton.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  expect(await confirm.boundingBox()).toEqual({ x: 0, y: 0, width: 320, height: 640 });
  await expectOnScreen(page, confirm.getByRole('button', { name: 'Cancel' }));
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await page.context().close();
});
