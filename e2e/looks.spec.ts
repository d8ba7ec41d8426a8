import { writeFileSync } from 'node:fs';
import type { Browser, Locator, Page, WebSocketRoute } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { type Account, signUp, signUpByApi, uniqueAccount } from './support/accounts';
import { openComposer, publish } from './support/composer';
import { type PageServer, startPageServer } from './support/page-server';
import { scratchFolder } from './support/scratch-folder';
import { expect, test, visitorHeaders } from './support/test';
import { transitionsEnded } from './support/transitions';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const HIGHLIGHT = 'span.text-primary-500';

/**
 * Emoji and the text glyphs once drawn as icons (arrows, hearts, ⋯, ×, •, ≡, ❝): none may reach
 * the rendered text. Where no emoji font is installed they show as empty boxes.
 */
const ICON_GLYPHS = /[\u00D7\u2022\u2190-\u2BFF\u{1F300}-\u{1FAFF}]|\uFE0F/u;

/** WCAG 2.x: text needs 4.5:1, focus indicators and other non-text parts 3:1. */
const TEXT_CONTRAST = 4.5;
const NON_TEXT_CONTRAST = 3;

type Rgba = [number, number, number, number];

let pages: PageServer;
test.beforeAll(async () => {
  pages = await startPageServer();
});
test.afterAll(async () => {
  await pages.close();
});
const scratch = scratchFolder('looks');

function uniqueWord(): string {
  return `looks${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

async function writePost(page: Page, body: string, parentId?: string): Promise<string> {
  const response = await page.request.post('/api/v1/posts', {
    data: { body, ...(parentId ? { parentId } : {}) },
    headers: XHR,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

/** Someone acting only through the API, in a context of their own. */
async function newcomer(browser: Browser): Promise<{ account: Account; close: () => Promise<void> } & Page> {
  const account = uniqueAccount();
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  await signUpByApi(context.request, account);
  const page = await context.newPage();
  return Object.assign(page, { account, close: () => context.close() });
}

/** Any CSS colour (oklch included) as sRGB bytes, as the browser paints it. */
async function rgbaOf(page: Page, colours: string[]): Promise<Rgba[]> {
  return page.evaluate((list) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    return list.map((colour) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255] as [number, number, number, number];
    });
  }, colours);
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** How colourful a colour is (sRGB chroma, 0 to 1): near 0 for greys, dark or light. */
function chroma([r, g, b]: Rgba): number {
  return (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
}

/** `top` painted over `bottom` (both sRGB, bottom opaque). */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

/** The background an element's text sits on: its own and its ancestors' backgrounds, composited. */
async function backgroundBehind(element: Locator): Promise<Rgba> {
  const layers = await element.evaluate((node) => {
    const found: string[] = [];
    for (let current: Element | null = node; current; current = current.parentElement) {
      const colour = getComputedStyle(current).backgroundColor;
      found.push(colour);
      if (/^rgb\(|^oklch\([^/]*\)$|^color\([^/]*\)$/.test(colour)) break; // opaque: nothing shows through
    }
    found.push(getComputedStyle(document.documentElement).backgroundColor);
    return found;
  });
  const page = element.page();
  const colours = await rgbaOf(page, layers);
  let result: Rgba = [255, 255, 255, 1];
  for (const layer of colours.reverse()) result = over(layer, result);
  return result;
}

async function textContrast(element: Locator): Promise<number> {
  const colour = await element.evaluate((node) => getComputedStyle(node).color);
  const [text] = await rgbaOf(element.page(), [colour]);
  return contrast(text!, await backgroundBehind(element));
}

async function expectNoIconGlyphs(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(new RegExp(ICON_GLYPHS.source, 'gu')) ?? [], `glyphs on ${page.url()}`).toEqual([]);
}

/** The like button of one post, its heart and what it looks like. */
async function heartOf(button: Locator) {
  const heart = button.locator('svg');
  await expect(heart).toHaveCount(1);
  return heart.evaluate((svg) => {
    const style = getComputedStyle(svg);
    return { fill: style.fill, stroke: style.stroke, color: style.color };
  });
}

async function jpegFile(): Promise<string> {
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const path = scratch.path(`${Date.now()}.jpg`);
  writeFileSync(path, bytes);
  return path;
}

test('icons are SVG, never emoji or text glyphs, and icon-only controls have names', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const account = uniqueAccount();
  await signUp(page, account);
  const word = uniqueWord();
  const postId = await writePost(page, `<p>Icons ${word}</p>`);
  const other = await newcomer(browser);
  try {
    // One of each notification kind: a like, a reply and a mention.
    expect((await other.request.put(`/api/v1/posts/${postId}/like`, { headers: XHR })).status()).toBe(200);
    await writePost(other, `<p>Reply ${word}</p>`, postId);
    const mention = `<a href="/@${account.handle}" data-type="mention" data-id="${account.handle}">@${account.handle}</a>`;
    await writePost(other, `<p>Hello ${mention} ${word}</p>`);
  } finally {
    await other.close();
  }

  await page.goto('/');
  const card = page
    .getByRole('feed')
    .getByRole('article')
    .filter({ hasText: `Icons ${word}` });
  await expect(card).toBeVisible();
  await openComposer(page);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar.getByRole('button')).toHaveCount(9);
  for (const button of await toolbar.getByRole('button').all()) {
    await expect(button.locator('svg')).toHaveCount(1);
    await expect(button).toHaveAccessibleName(/\w/);
  }
  await expect(card.getByRole('link', { name: 'Replies (1)' }).locator('svg')).toHaveCount(1);
  await expect(card.getByRole('button', { name: /^Like/ }).locator('svg')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add images' }).locator('svg')).toHaveCount(1);
  await expectNoIconGlyphs(page);

  await page.goto(`/p/${postId}`);
  await expect(page.getByRole('feed', { name: 'Replies' })).toContainText(`Reply ${word}`);
  await expectNoIconGlyphs(page);
  const reply = page.getByRole('feed', { name: 'Replies' }).getByRole('article').first();
  await reply.locator('a[href^="/p/"]').first().click(); // its time: the reply's own page
  const up = page.getByRole('link', { name: 'Show the post this replies to' });
  await expect(up.locator('svg')).toHaveCount(1);
  await expectNoIconGlyphs(page);

  await page.goto('/notifications');
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row.locator('svg')).toHaveCount(1);
  await expectNoIconGlyphs(page);

  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('region', { name: 'Posts' }).getByRole('listitem')).toHaveCount(3);
  await expectNoIconGlyphs(page);

  await page.goto(`/@${other.account.handle}`);
  const theirs = page.getByRole('article').filter({ hasText: `Hello @${account.handle}` });
  const more = theirs.getByRole('button', { name: /^More actions for the post/ });
  await expect(more.locator('svg')).toHaveCount(1);
  await expectNoIconGlyphs(page);
  await expectAccessible(page);
});

test('a liked heart is filled and coloured, and says it is pressed', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const text = `Heart ${uniqueWord()}`;
  await publish(page, text);
  const card = page.getByRole('feed').getByRole('article').filter({ hasText: text });
  const like = card.getByRole('button', { name: /^(Like|Unlike)/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = await heartOf(like);
  expect(before.fill).toBe('none');

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName(/^Unlike \(1 like\)/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const liked = await heartOf(like);
    // Filled, not only recoloured: the shape itself tells liked from not liked.
    expect(liked.fill).not.toBe('none');
    const [fill, outline] = await rgbaOf(page, [liked.fill, before.stroke]);
    expect(chroma(fill!)).toBeGreaterThan(0.4);
    expect(fill![0]).toBeGreaterThan(fill![2]); // a red, not the link blue
    expect(fill).not.toEqual(outline);
    expect(contrast(fill!, await backgroundBehind(like))).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
    await expectAccessible(page);
  }
});

test('the Post button comes after the attachments and the link card', async ({ page }) => {
  await signUp(page, uniqueAccount());
  await openComposer(page);
  await page.keyboard.type(`Read this: ${pages.url(`/article/order-${Date.now()}`)} `);
  const card = page.getByTestId('composer-link-preview');
  await expect(card.getByRole('link', { name: /Article order-/ })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add images' }).click();
  await (await chooser).setFiles(await jpegFile());
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  const images = page.getByRole('list', { name: 'Attached images' });
  await expect(images.getByRole('listitem')).toHaveCount(1);
  // Measured once the upload is done: its progress row leaves the list and the button moves up.
  await expect(images.getByRole('progressbar')).toHaveCount(0);

  const post = page.getByRole('button', { name: 'Post', exact: true });
  const postHandle = await post.elementHandle();
  const addImages = page.getByRole('button', { name: 'Add images' });
  for (const before of [card, images, addImages]) {
    // Later in the reading (and tabbing) order, and lower on the screen.
    const isFollowed = await before.evaluate(
      (node, later) =>
        later !== null && Boolean(node.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING),
      postHandle,
    );
    expect(isFollowed).toBe(true);
    const [above, button] = [await before.boundingBox(), await post.boundingBox()];
    expect(button!.y).toBeGreaterThanOrEqual(above!.y + above!.height - 1);
  }
  await expect(images.getByRole('button', { name: 'Move image 1 earlier' }).locator('svg')).toHaveCount(1);
  await expectNoIconGlyphs(page);
});

test('a disabled button looks disabled, in light and in dark', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  const post = page.getByRole('button', { name: 'Post', exact: true });
  const look = async () => {
    await transitionsEnded(post);
    return post.evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, color: style.color, cursor: style.cursor };
    });
  };
  const schemes = ['light', 'dark'] as const;
  const disabled = [];
  await expect(post).toBeDisabled(); // nothing written yet
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    disabled.push(await look());
  }
  await editor.fill('Now it can go');
  await expect(post).toBeEnabled();
  for (const [index, colorScheme] of schemes.entries()) {
    await page.emulateMedia({ colorScheme });
    const enabled = await look();
    const off = disabled[index]!;
    expect(off).not.toEqual(enabled);
    expect(off.cursor).toBe('not-allowed');
    const [offBackground, onBackground] = await rgbaOf(page, [off.background, enabled.background]);
    // Greyed out: the brand colour is what says "you can press this".
    expect(chroma(onBackground!), colorScheme).toBeGreaterThan(0.4);
    expect(chroma(offBackground!), colorScheme).toBeLessThan(0.2);
  }
});

test('a notification is one row: icon, avatars and the sentence side by side', async ({ page, browser }) => {
  const account = uniqueAccount();
  await signUp(page, account);
  const postId = await writePost(page, `<p>Row ${uniqueWord()}</p>`);
  const other = await newcomer(browser);
  try {
    expect((await other.request.put(`/api/v1/posts/${postId}/like`, { headers: XHR })).status()).toBe(200);
  } finally {
    await other.close();
  }
  await page.goto('/notifications');
  const sentence = `${other.account.displayName} liked your post`;
  const row = page.getByRole('link', { name: new RegExp(`^${sentence}`) });
  await expect(row).toBeVisible();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const boxes = await Promise.all(
      [row.locator('svg').first(), row.locator('[data-avatars]'), row.getByText(sentence)].map(
        async (part) => (await part.boundingBox())!,
      ),
    );
    // Every pair overlaps vertically: they share one line.
    for (const a of boxes) for (const b of boxes) expect(a.y, `${width}px`).toBeLessThan(b.y + b.height);
    // Left to right: icon, avatars, words.
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x + boxes[1]!.width).toBeLessThanOrEqual(boxes[2]!.x);
    expect(await row.evaluate((link) => link.scrollWidth <= link.clientWidth), `${width}px`).toBe(true);
  }
});

test('the post page has a way back: to where the reader came from, else to the feed', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const word = uniqueWord();
  const postId = await writePost(page, `<p>Back ${word}</p>`);

  await page.goto(`/search?q=${word}`);
  await page.locator('[data-search-result]').first().click();
  await expect(page).toHaveURL(new RegExp(`/p/${postId}`));
  const back = page.getByRole('link', { name: 'Back', exact: true });
  await expect(back.locator('svg')).toHaveCount(1);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));

  // Opened from outside (a new tab, a shared link): the feed.
  await page.goto(`/p/${postId}`);
  await expect(back).toHaveAttribute('href', '/');
  await back.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('the live status says Connecting until the first connection, Reconnecting after a drop', async ({
  page,
}) => {
  test.setTimeout(90_000);
  let attempts = 0;
  let isOpen = false;
  let latest: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/app\//, (socket) => {
    attempts += 1;
    latest = socket;
    // While shut, an attempt hangs (no handshake ever comes); once open, it reaches the server.
    if (isOpen) socket.connectToServer();
  });
  /** Ends the current socket; pusher-js tries again at once, through the gate as it now is. */
  const cut = async (open: boolean) => {
    isOpen = open;
    const seen = attempts;
    await latest!.close();
    await expect.poll(() => attempts, { timeout: 30_000 }).toBeGreaterThan(seen);
  };
  await signUp(page, uniqueAccount());
  const status = page.getByRole('status').filter({ hasText: /Live|Connecting|Reconnecting|Offline/ });
  const visible = status.filter({ visible: true });
  await expect.poll(() => attempts).toBeGreaterThan(0);
  await expect(visible).toHaveText(/^Connecting…$/);
  const dot = () => visible.locator('[aria-hidden="true"]').first();
  const neutral = await dot().evaluate((node) => getComputedStyle(node).backgroundColor);
  await expectAccessible(page);

  await cut(true);
  await expect(visible).toHaveText(/^Live/, { timeout: 30_000 });

  await cut(false);
  await expect(visible).toHaveText(/^Reconnecting…$/);
  const warning = await dot().evaluate((node) => getComputedStyle(node).backgroundColor);
  const [grey, amber] = await rgbaOf(page, [neutral, warning]);
  // Connecting is news to no one; only a lost connection is a warning colour.
  expect(chroma(grey!)).toBeLessThan(0.2);
  expect(chroma(amber!)).toBeGreaterThan(0.4);

  await cut(true);
  await expect(visible).toHaveText(/^Live/, { timeout: 30_000 });
});

test('search highlights are marked with more than colour, readable in light and dark', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const word = uniqueWord();
  const postId = await writePost(page, `<p>Marked ${word} here</p>`);
  for (const url of [`/search?q=${word}`, `/p/${postId}?highlight=${word}`]) {
    await page.goto(url);
    const match = page.getByRole('main').locator(HIGHLIGHT).first();
    await expect(match).toHaveText(word);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const style = await match.evaluate((node) => {
        const computed = getComputedStyle(node);
        return {
          background: computed.backgroundColor,
          decoration: computed.textDecorationLine,
          link: getComputedStyle(node.closest('a') ?? document.body).color,
        };
      });
      const [background] = await rgbaOf(page, [style.background]);
      // Like <mark>: a background of its own and an underline, not the link colour alone.
      expect(background![3], `${url} ${colorScheme}`).toBeGreaterThan(0);
      expect(style.decoration).toContain('underline');
      expect(await textContrast(match), `${url} ${colorScheme}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      await expectAccessible(page);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
});

test('a focused post has a thick ring that stands out in light and dark', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const text = `Focus ${uniqueWord()}`;
  await publish(page, text);
  const feed = page.getByRole('feed', { name: 'Latest posts' });
  await expect(feed.getByRole('article').first()).toContainText(text);
  // Out of the composer (the shortcuts rest while typing), then j: keyboard focus on the newest.
  await page.getByRole('heading', { name: 'Home' }).click();
  await page.keyboard.press('j');
  // The focused post, whichever it is: posts from other tests can arrive live above this one.
  const focused = feed.locator(':scope > article:focus');
  await expect(focused).toHaveCount(1);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const ring = await focused.evaluate((article) => {
      const style = getComputedStyle(article);
      return {
        width: parseFloat(style.outlineWidth),
        offset: parseFloat(style.outlineOffset),
        style: style.outlineStyle,
        colour: style.outlineColor,
      };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(3);
    // Drawn inside the post: the feed clips what overflows it, a ring outside would be cut off.
    expect(ring.offset + ring.width).toBeLessThanOrEqual(0);
    const [colour] = await rgbaOf(page, [ring.colour]);
    expect(contrast(colour!, await backgroundBehind(focused)), colorScheme).toBeGreaterThanOrEqual(
      NON_TEXT_CONTRAST,
    );
  }
});
