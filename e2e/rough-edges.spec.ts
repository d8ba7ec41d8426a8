import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { ProfileResponse } from '../common/contracts/users';
import { expectAccessible } from './support/a11y';
import { type Account, signUp, uniqueAccount } from './support/accounts';
import { editorOf, openComposer, publish } from './support/composer';
import { freePort } from './support/free-port';
import { ownServer } from './support/own-server';
import { type PageServer, startPageServer } from './support/page-server';
import { scratchFolder } from './support/scratch-folder';
import { expect, test, visitorHeaders } from './support/test';
import { transitionsEnded } from './support/transitions';
import { ownPostMenu } from './support/posts';

/** A phone held upright: the size most of these screens were found wanting at. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  deviceScaleFactor: 2,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const SIZES = { phone: PHONE, desktop: DESKTOP } as const;

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

let pages: PageServer;
test.beforeAll(async () => {
  pages = await startPageServer();
});
test.afterAll(async () => {
  await pages.close();
});
const scratch = scratchFolder('edges');

/** A signed-up visitor in a context of its own, at the given size. */
async function visitor(browser: Browser, device: BrowserContextOptions, baseURL?: string) {
  const account = uniqueAccount();
  const context = await browser.newContext({
    ...device,
    ...(baseURL ? { baseURL } : {}),
    extraHTTPHeaders: visitorHeaders(),
  });
  const page = await context.newPage();
  await signUp(page, account);
  return { page, account };
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, { headers: API_HEADERS });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function idOf(page: Page, account: Account): Promise<string> {
  return (await apiGet<ProfileResponse>(page, `/users/${account.handle}`)).user.id;
}

async function relate(page: Page, kind: 'blocks' | 'mutes', userId: string): Promise<void> {
  const response = await page.request.post(`/api/v1/me/${kind}`, { headers: API_HEADERS, data: { userId } });
  expect(response.status(), await response.text()).toBe(201);
}

/** A button's background once its colour transitions (enabled, hovered) have ended. */
async function settledBackground(button: Locator): Promise<string> {
  await transitionsEnded(button);
  return button.evaluate((element) => getComputedStyle(element).backgroundColor);
}

function feedPost(page: Page, text: string) {
  return page.getByRole('feed').getByRole('article').filter({ hasText: text });
}

for (const [size, device] of Object.entries(SIZES)) {
  test.describe(`at ${size} size`, () => {
    test.use(device);

    test('a blocked profile shows no counts, says its posts are hidden, and agrees with the API', async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const run = Date.now();
      const ana = await visitor(browser, device);
      const bo = await visitor(browser, device);
      await publish(bo.page, `Bo one ${run}`);
      await publish(bo.page, `Bo two ${run}`);

      await ana.page.goto(`/@${bo.account.handle}`);
      const activity = ana.page.getByRole('list', { name: 'Activity' });
      await expect(activity).toContainText('2 posts');
      // Someone else's profile is not the reader's to edit.
      await expect(ana.page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
      await ana.page.getByRole('button', { name: `More actions for @${bo.account.handle}` }).click();
      await ana.page.getByRole('menuitem', { name: `Block @${bo.account.handle}` }).click();
      await ana.page
        .getByRole('dialog', { name: `Block @${bo.account.handle}?` })
        .getByRole('button', { name: 'Block' })
        .click();

      const hidden = ana.page.getByText(`Posts by @${bo.account.handle} are hidden from you.`);
      await expect(hidden).toBeVisible();
      await expect(activity).toHaveCount(0);
      await expect(ana.page.getByText('No posts yet.')).toHaveCount(0);
      await expectAccessible(ana.page);
      const seen = await apiGet<ProfileResponse>(ana.page, `/users/${bo.account.handle}`);
      expect(seen.counts).toBeNull();
      expect(seen.viewer).toEqual({
        blocking: true,
        muting: false,
        postsHidden: true,
        follow: 'none',
        followsYou: false,
      });
      await ana.page.getByRole('link', { name: 'Replies' }).click();
      await expect(hidden).toBeVisible();
      await expect(ana.page.getByText('No replies yet.')).toHaveCount(0);

      // The blocked side sees the same: no counts for posts it is not shown.
      await bo.page.goto(`/@${ana.account.handle}`);
      await expect(bo.page.getByText(`Posts by @${ana.account.handle} are hidden from you.`)).toBeVisible();
      await expect(bo.page.getByRole('list', { name: 'Activity' })).toHaveCount(0);

      await ana.page.getByRole('button', { name: `Unblock @${bo.account.handle}` }).click();
      await expect(activity).toContainText('2 posts');
      await ana.page.getByRole('link', { name: 'Posts' }).click();
      await expect(ana.page.getByRole('article').filter({ hasText: `Bo two ${run}` })).toBeVisible();
      await Promise.all([ana, bo].map(({ page }) => page.context().close()));
    });

    test('settings list blocked and muted accounts, undone by keyboard', async ({ browser }) => {
      test.setTimeout(90_000);
      const ana = await visitor(browser, device);
      const bo = await visitor(browser, device);
      const cy = await visitor(browser, device);
      await relate(ana.page, 'blocks', await idOf(ana.page, bo.account));
      await relate(ana.page, 'mutes', await idOf(ana.page, cy.account));

      await ana.page.goto('/settings');
      const section = ana.page.getByRole('region', { name: 'Blocked and muted accounts' });
      const blocked = section.getByRole('list', { name: 'Blocked accounts' });
      const muted = section.getByRole('list', { name: 'Muted accounts' });
      await expect(blocked.getByRole('listitem')).toHaveCount(1);
      await expect(blocked).toContainText(`@${bo.account.handle}`);
      await expect(muted.getByRole('listitem')).toHaveCount(1);
      await expect(muted).toContainText(`@${cy.account.handle}`);
      await expectAccessible(ana.page);

      const unblock = section.getByRole('button', { name: `Unblock @${bo.account.handle}` });
      await unblock.focus();
      await ana.page.keyboard.press('Enter');
      await expect(blocked).toHaveCount(0);
      await expect(section.getByText('You block nobody.')).toBeVisible();
      // The button went with its row: the keyboard carries on from the list's heading.
      await expect(section.getByRole('heading', { name: 'Blocked', exact: true })).toBeFocused();
      await ana.page.keyboard.press('Tab');
      await ana.page.keyboard.press('Tab');
      await expect(section.getByRole('button', { name: `Unmute @${cy.account.handle}` })).toBeFocused();
      await ana.page.keyboard.press('Enter');
      await expect(section.getByText('You mute nobody.')).toBeVisible();

      expect((await apiGet<{ users: unknown[] }>(ana.page, '/me/blocks')).users).toEqual([]);
      expect((await apiGet<{ users: unknown[] }>(ana.page, '/me/mutes')).users).toEqual([]);
      await Promise.all([ana, bo, cy].map(({ page }) => page.context().close()));
    });

    test('your own profile links to the settings', async ({ page }) => {
      const account = uniqueAccount();
      await signUp(page, account);
      await page.goto(`/@${account.handle}`);
      const edit = page.getByRole('link', { name: 'Edit profile' });
      await expect(edit).toBeVisible();
      await expectAccessible(page);
      await edit.click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    });
  });
}

test.describe('at phone size', () => {
  test.use(PHONE);

  test('offline, the composer link preview says so at once, and loads once back online', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, uniqueAccount());
    await openComposer(page);
    await context.setOffline(true);
    await page.keyboard.type(`Worth a read: ${pages.url(`/article/offline-${Date.now()}`)} `);
    const card = page.getByTestId('composer-link-preview');
    // "At once": well before any request timeout could have said it.
    await expect(card).toContainText('Network error - please check your connection', { timeout: 2_000 });
    await expect(card).not.toContainText('Loading');
    await expectAccessible(page);
    await context.setOffline(false);
    await expect(page.getByRole('link', { name: /Article offline-/ })).toBeVisible();
  });

  test('a post sent offline fails at once with a message, keeping its text, and goes once back online', async ({
    page,
    context,
  }) => {
    await signUp(page, uniqueAccount());
    const text = `Written offline ${Date.now()}`;
    const editor = await openComposer(page);
    await editor.fill(text);
    await context.setOffline(true);
    await editor.press('Control+Enter');
    await expect(page.getByRole('alert')).toContainText('Could not reach Tidings', { timeout: 3_000 });
    await expect(editor).toHaveText(text);
    await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
    await expectAccessible(page);
    await context.setOffline(false);
    await editor.press('Control+Enter');
    await expect(editor).toHaveText('');
    await expect(feedPost(page, text)).toBeVisible();
  });

  test('a post being edited hides its menu of Edit and Delete until the edit ends', async ({ page }) => {
    await signUp(page, uniqueAccount());
    const text = `Edit me ${Date.now()}`;
    await publish(page, text);
    const card = feedPost(page, text);
    // From the keyboard: the menu opens on its first item, Edit.
    await ownPostMenu(card).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await expect(card.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(editorOf(card, 'Edit post')).toBeFocused();
    await expect(ownPostMenu(card)).toHaveCount(0);
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Cancel' }).click();
    // Focus goes back where the edit began.
    await expect(ownPostMenu(card)).toBeFocused();
  });

  test('the alt-text reminder offers "Post anyway" as an ordinary button, not a destructive one', async ({
    page,
  }) => {
    await signUp(page, uniqueAccount());
    const photo = scratch.path(`photo-${Date.now()}.jpg`);
    writeFileSync(
      photo,
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer(),
    );
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add images' }).first().click();
    await (await chooser).setFiles(photo);
    await page.getByRole('dialog', { name: 'Crop image' }).getByRole('button', { name: 'Apply' }).click();
    const editor = await openComposer(page);
    await editor.fill(`No alt ${Date.now()}`);
    const post = page.getByRole('button', { name: 'Post', exact: true });
    await expect(post).toBeEnabled();
    const primary = await settledBackground(post);
    await post.click();

    const reminder = page.getByRole('dialog', { name: 'Post without alt text?' });
    const postAnyway = reminder.getByRole('button', { name: 'Post anyway' });
    await expect(postAnyway).toBeVisible();
    expect(await settledBackground(postAnyway)).toBe(primary);
    await expectAccessible(page);
  });
});

test.describe('reports at desktop size', () => {
  test.use(DESKTOP);

  test("the queue offers no suspension of the admin's own account, and a second report is known before its reasons", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // Its own server: the first account there is the admin.
    const server = ownServer(await freePort());
    await server.start();
    try {
      const admin = await visitor(browser, DESKTOP, server.url);
      const dee = await visitor(browser, DESKTOP, server.url);
      const run = Date.now();
      const adminText = `The admin writes ${run}`;
      const deeText = `Dee writes ${run}`;
      await publish(admin.page, adminText);
      await publish(dee.page, deeText);

      const reportFrom = async (page: Page, text: string, author: Account) => {
        await feedPost(page, text)
          .getByRole('button', { name: /^More actions/ })
          .click();
        await page.getByRole('menuitem', { name: 'Report post' }).click();
        return page.getByRole('dialog', { name: `Report a post by @${author.handle}` });
      };

      await dee.page.reload();
      const dialog = await reportFrom(dee.page, adminText, admin.account);
      await dialog.getByRole('radio', { name: 'Spam' }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dee.page.getByRole('dialog', { name: 'Thanks for telling us' }).getByRole('button').click();

      // Asked again, in this page and after a reload: no reasons to pick, just the answer.
      for (const reload of [false, true]) {
        if (reload) await dee.page.reload();
        const again = await reportFrom(dee.page, adminText, admin.account);
        await expect(again.getByText('You have already reported this post')).toBeVisible();
        await expect(again.getByRole('radio')).toHaveCount(0);
        await expectAccessible(dee.page);
        await again.getByRole('button', { name: 'Close' }).click();
        await expect(again).toHaveCount(0);
      }

      await admin.page.reload();
      const toDee = await reportFrom(admin.page, deeText, dee.account);
      await toDee.getByRole('radio', { name: 'Spam' }).check();
      await toDee.getByRole('button', { name: 'Send report' }).click();
      await admin.page.getByRole('dialog', { name: 'Thanks for telling us' }).getByRole('button').click();

      await admin.page.goto('/admin/reports');
      const own = admin.page.getByRole('article', { name: new RegExp(`@${admin.account.handle}$`) });
      const others = admin.page.getByRole('article', { name: new RegExp(`@${dee.account.handle}$`) });
      await expect(own).toContainText(adminText);
      await expect(others.getByRole('button', { name: `Suspend @${dee.account.handle}` })).toBeVisible();
      await expect(own.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
      await expect(own.getByRole('button', { name: 'Resolve' })).toBeVisible();
      await expectAccessible(admin.page);

      // The server keeps the admin's account (409 admin_account): settings do not offer deleting it.
      await admin.page.goto('/settings');
      await expect(
        admin.page.getByText("This is the site's admin account, which cannot be deleted."),
      ).toBeVisible();
      await expect(admin.page.getByRole('button', { name: /^Delete account/ })).toHaveCount(0);
      await dee.page.goto('/settings');
      await expect(dee.page.getByRole('button', { name: /^Delete account/ })).toBeVisible();

      const adminId = await idOf(admin.page, admin.account);
      const refused = await admin.page.request.put(`/api/v1/admin/users/${adminId}/suspension`, {
        headers: API_HEADERS,
      });
      expect(refused.status()).toBe(400);
      expect((await refused.json()).error.code).toBe('cannot_suspend_self');

      await Promise.all([admin, dee].map(({ page }) => page.context().close()));
    } finally {
      await server.dispose();
    }
  });
});
