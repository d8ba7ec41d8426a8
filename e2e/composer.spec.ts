import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { showLivePost, signedIn } from './support/live';
import { loadedScripts } from './support/scripts';
import { signUp, uniqueAccount } from './support/accounts';
import { editorOf, openComposer } from './support/composer';
import { chooseOwnPostAction } from './support/posts';

/** Types the start of a handle after "@", then picks the person with the arrow keys and Enter. */
async function mention(
  page: Page,
  editor: Locator,
  handle: string,
  { checkAxe = false } = {},
): Promise<void> {
  await page.keyboard.type(` @${handle.slice(0, -2)}`);
  const listbox = page.getByRole('listbox', { name: 'People to mention' });
  const option = listbox.getByRole('option', { name: new RegExp(`@${handle}$`) });
  await expect(option).toBeVisible();
  if (checkAxe) await expectAccessible(page);
  for (let i = 0; i < 8 && (await option.getAttribute('aria-selected')) !== 'true'; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(editor).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(listbox).toHaveCount(0);
}

test('the editor is a separate chunk, fetched only when someone starts to write', async ({ page }) => {
  await signUp(page, uniqueAccount());
  await expect(page.getByLabel('Write a post')).toBeVisible();
  const before = await loadedScripts(page);
  expect(before.size).toBeGreaterThan(0);
  // ProseMirror's class name survives minification: no script loaded so far may contain it.
  const withEditor = [...before].filter(([, source]) => source.includes('ProseMirror')).map(([url]) => url);
  expect(withEditor).toEqual([]);
  await expect(page.locator('.ProseMirror')).toHaveCount(0);

  await openComposer(page);
  const after = await loadedScripts(page);
  const added = [...after].filter(([url]) => !before.has(url));
  expect(added.some(([url, source]) => /rich-composer/.test(url) && source.includes('ProseMirror'))).toBe(
    true,
  );
});

/** Holds the editor chunk's request until `send` is called. */
function holdEditorChunk(page: Page): { asked: Promise<void>; send: () => void } {
  let send = () => {};
  const asked = new Promise<void>((isAsked) => {
    void page.route(/rich-composer.*\.js$/, async (route) => {
      isAsked();
      await new Promise<void>((sent) => (send = sent));
      await route.continue();
    });
  });
  return { asked, send: () => send() };
}

test('keys typed while the editor arrives all land in it, none on the page', async ({ page }) => {
  // Frames held from the moment the editor arrives: on a busy phone the next frame can be a long
  // way off, and the editor must not wait for one to take the keys.
  await page.addInitScript(() => {
    const held: FrameRequestCallback[] = [];
    const requestFrame = window.requestAnimationFrame.bind(window);
    const frames = { isHolding: false, release: () => held.splice(0).forEach((run) => requestFrame(run)) };
    window.e2eHeldFrames = frames;
    window.requestAnimationFrame = (run) => {
      if (!frames.isHolding) return requestFrame(run);
      held.push(run);
      return 0;
    };
  });
  const chunk = holdEditorChunk(page);
  await signUp(page, uniqueAccount());
  await page.getByLabel('Write a post').click();
  await chunk.asked;
  await page.keyboard.type('ab');
  await page.evaluate(() => {
    if (!window.e2eHeldFrames) throw new Error('the frame holder was not installed');
    window.e2eHeldFrames.isHolding = true;
  });
  chunk.send();
  const editor = editorOf(page, 'Write a post');
  await expect(editor).toBeAttached();
  // "/" on the page opens the search; in the editor it is text.
  await page.keyboard.type('/cd');
  await page.evaluate(() => window.e2eHeldFrames?.release());
  await expect(editor).toBeFocused();
  await expect(editor).toHaveText('ab/cd');
  await expect(page.getByRole('searchbox', { name: 'Search posts and people' })).not.toBeFocused();
});

test('an editor that arrives after the reader moved on leaves the focus where they put it', async ({
  page,
}) => {
  const chunk = holdEditorChunk(page);
  await signUp(page, uniqueAccount());
  await page.getByLabel('Write a post').click();
  await chunk.asked;
  const elsewhere = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await elsewhere.focus();
  chunk.send();
  await expect(editorOf(page, 'Write a post')).toBeAttached();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(elsewhere).toBeFocused();
  // The reader's next key is theirs: here it opens the shortcuts' help, as it would have anyway.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('formats, links and mentions; readers see it live and the mentioned person is notified', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const mentioned = await signedIn(browser);
  const reader = await signedIn(browser);
  const { page } = await signedIn(browser);
  const bell = mentioned.page.getByRole('link', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();

  const marker = `Formatted ${Date.now()}`;
  const editor = await openComposer(page);
  await page.keyboard.type(`${marker} `);
  await page.keyboard.press('Control+b');
  await page.keyboard.type('bold');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' ');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: 'Italic' }).click();
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('italic');
  await toolbar.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+Shift+S');
  await page.keyboard.type('struck');
  await page.keyboard.press('Control+Shift+S');
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+e');
  await page.keyboard.type('snippet');
  await page.keyboard.press('Control+e');
  await page.keyboard.type(' **stars** and _slanted_ and `ticks` https://example.org/auto ');
  await page.keyboard.type('docs');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a link' });
  await expect(dialog.getByLabel('Link address')).toBeFocused();
  await expectAccessible(page);
  await dialog.getByLabel('Link address').fill('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/Enter a web address/)).toBeVisible();
  await dialog.getByLabel('Link address').fill('example.com/docs');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(editor).toBeFocused();
  await page.keyboard.press('End');
  await mention(page, editor, mentioned.account.handle, { checkAxe: true });
  await page.keyboard.press('Enter');
  await page.keyboard.type('- item one');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1. first');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> quoted');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Code block' }).click();
  await page.keyboard.type('const x = 1;');
  await expectAccessible(page);
  await page.keyboard.press('Control+Enter');
  await expect(editor).toHaveText('');

  const post = reader.page.getByRole('feed').getByRole('article').filter({ hasText: marker });
  await showLivePost(reader.page, post);
  const body = post.locator('.rich-text');
  await expect(body.locator('strong', { hasText: 'bold' })).toBeVisible();
  await expect(body.locator('strong', { hasText: 'stars' })).toBeVisible();
  await expect(body.locator('em', { hasText: 'italic' })).toBeVisible();
  await expect(body.locator('em', { hasText: 'slanted' })).toBeVisible();
  await expect(body.locator('s', { hasText: 'struck' })).toBeVisible();
  await expect(body.locator('p code', { hasText: 'snippet' })).toBeVisible();
  await expect(body.locator('p code', { hasText: 'ticks' })).toBeVisible();
  await expect(body.locator('ul > li', { hasText: 'item one' })).toBeVisible();
  await expect(body.locator('ol > li', { hasText: 'first' })).toBeVisible();
  await expect(body.locator('blockquote', { hasText: 'quoted' })).toBeVisible();
  await expect(body.locator('pre code', { hasText: 'const x = 1;' })).toBeVisible();
  const docs = body.locator('a[href="https://example.com/docs"]');
  await expect(docs).toHaveText('docs');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', /noopener/);
  await expect(body.locator('a[href="https://example.org/auto"]')).toBeVisible();
  const handle = mentioned.account.handle;
  const mentionLink = body.locator(`a[data-type="mention"][data-id="${handle}"]`);
  await expect(mentionLink).toHaveAttribute('href', `/@${handle}`);
  await expect(mentionLink).toHaveText(`@${handle}`);
  await expectAccessible(reader.page);

  // The mentioned reader hears about it without reloading.
  await expect(mentioned.page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(mentioned.page.getByText(/mentioned you/).first()).toBeAttached();
  await mentioned.page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(mentioned.page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const item = mentioned.page.getByRole('link', { name: /mentioned you/ }).filter({ hasText: marker });
  await expect(item).toBeVisible();
  await expect(bell).toBeVisible();
  await expectAccessible(mentioned.page);
  await item.click();
  await expect(mentioned.page).toHaveURL(/\/p\/[0-9a-f-]{36}$/);
  await expect(mentioned.page.getByRole('article').first()).toContainText(marker);

  // A mention is a link the router follows: no full page load.
  await reader.page.evaluate(() => (window.e2eMarker = 'still here'));
  await mentionLink.click();
  await expect(reader.page).toHaveURL(new RegExp(`/@${handle}$`));
  await expect(reader.page.getByRole('heading', { name: mentioned.account.displayName })).toBeVisible();
  expect(await reader.page.evaluate(() => window.e2eMarker)).toBe('still here');

  await Promise.all([page, reader.page, mentioned.page].map((p) => p.context().close()));
});

test('editing a post loads its mentions back as mentions', async ({ browser }) => {
  const mentioned = await signedIn(browser);
  const { page } = await signedIn(browser);
  const editor = await openComposer(page);
  const marker = `Edit me ${Date.now()}`;
  await page.keyboard.type(marker);
  await mention(page, editor, mentioned.account.handle);
  await page.keyboard.press('Control+Enter');
  const card = page.getByRole('feed').getByRole('article').filter({ hasText: marker });
  await expect(card.locator('a[data-type="mention"]')).toBeVisible();

  await chooseOwnPostAction(card, 'Edit');
  const edit = editorOf(card, 'Edit post');
  await expect(edit).toBeFocused();
  // An atom node in the editor, not an editable link.
  await expect(edit.locator('a[data-type="mention"]')).toHaveAttribute('contenteditable', 'false');
  // Escape closes the suggestions first; only a second Escape would cancel the edit.
  const partial = ` @${mentioned.account.handle.slice(0, 4)}`;
  await page.keyboard.type(partial);
  const listbox = page.getByRole('listbox', { name: 'People to mention' });
  await expect(listbox).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listbox).toHaveCount(0);
  await expect(edit).toBeFocused();
  for (let i = 0; i < partial.length; i += 1) await page.keyboard.press('Backspace');
  await page.keyboard.type(' more');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('(edited)');
  await expect(card.locator(`a[data-type="mention"][href="/@${mentioned.account.handle}"]`)).toBeVisible();
  await Promise.all([page, mentioned.page].map((p) => p.context().close()));
});

test('keeps a draft across a reload, posts with Ctrl+Enter and counts down near the limit', async ({
  page,
}) => {
  await signUp(page, uniqueAccount());
  await openComposer(page);
  const text = `Draft ${Date.now()}`;
  await page.keyboard.type(text);
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' bold part');
  await page.reload();
  let editor = editorOf(page, 'Write a post');
  await expect(editor).toContainText(`${text} bold part`);
  await expect(editor.locator('strong')).toHaveText('bold part');

  await editor.click();
  await page.keyboard.press('Control+Enter');
  await expect(editor).toHaveText('');
  await expect(page.getByRole('feed').getByRole('article').filter({ hasText: text })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Write a post')).toHaveValue('');

  editor = await openComposer(page);
  await editor.fill('x'.repeat(4_850));
  await expect(page.locator('#new-post-count')).toHaveText('150 characters left');
  await expect(page.locator('[aria-live="polite"]', { hasText: '150 characters left' })).toBeAttached();
  await expect(editor).toHaveAccessibleDescription('150 characters left');
});

test('the toolbar works with the keyboard alone', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  const words = `plain words ${Date.now()}`;
  await page.keyboard.type(words);
  await page.keyboard.press('Control+a');

  await page.keyboard.press('Tab');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await expect(bold).toBeFocused();
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  const italic = toolbar.getByRole('button', { name: 'Italic' });
  await expect(italic).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor).toBeFocused();
  await expect(editor.locator('em')).toHaveText(words);
  await expect(italic).toHaveAttribute('aria-pressed', 'true');

  // Back in: the toolbar remembers the last button; End jumps to Link, Home back to Bold.
  await page.keyboard.press('Tab');
  await expect(italic).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(bold).toBeFocused();
  await page.keyboard.press('Space');
  await expect(editor.locator('strong')).toHaveText(words);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add a link' })).toBeVisible();
  await page.keyboard.type('https://example.com/k');
  await page.keyboard.press('Enter');
  await expect(editor).toBeFocused();
  await expect(editor.locator('a[href="https://example.com/k"]')).toHaveText(words);
  // Tab leaves the text for the toolbar, then passes what the post carries (its link card,
  // "Add images"): Post comes last.
  const postButton = page.getByRole('button', { name: 'Post', exact: true });
  const passed: string[] = [];
  for (
    let presses = 0;
    presses < 6 && !(await postButton.evaluate((b) => b === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('Tab');
    passed.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
  }
  await expect(postButton).toBeFocused();
  expect(passed.indexOf('Add images')).toBe(passed.length - 2);
  await page.keyboard.press('Enter');
  const post = page.getByRole('feed').getByRole('article').filter({ hasText: words });
  await expect(post.locator('a[href="https://example.com/k"] strong em')).toHaveText(words);
});

test('pasted HTML keeps only what a post can hold', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await editor.evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      [
        '<h1>Title</h1>',
        '<p style="color:red" class="x" onclick="alert(1)">Para <u>under</u> <b>strong</b> <span>span</span>',
        '<img src="x" onerror="alert(1)"> <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/" title="t">good</a></p>',
        '<table><tr><td>cell</td></tr></table><hr><iframe src="https://example.com"></iframe>',
      ].join(''),
    );
    data.setData('text/plain', 'fallback');
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor).toContainText('Para');
  await expect(editor).toContainText('cell');
  for (const selector of [
    'h1',
    'u',
    'span',
    'img',
    'table',
    'hr',
    'iframe',
    '[style]',
    '[onclick]',
    '[class="x"]',
  ]) {
    await expect(editor.locator(selector), selector).toHaveCount(0);
  }
  await expect(editor.locator('strong')).toHaveText('strong');
  await expect(editor.locator('a')).toHaveCount(1);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://ok.example/');
  expect(dialogs).toEqual([]);
});

test('needs no inline styles: the composer works under a style-src without unsafe-inline', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.e2eCspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.e2eCspViolations?.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("style-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  await page.keyboard.type('Strict **styles** https://example.com/ @e2e');
  // The popup is positioned with inline style properties (CSSOM, which CSP allows).
  await expect(
    page.getByRole('listbox', { name: 'People to mention' }).or(page.getByText(/^No one found/)),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  // ProseMirror's own CSS (normally injected inline by TipTap) still applies.
  expect(await editor.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('break-spaces');
  await page.keyboard.press('Control+Enter');
  await expect(editor).toHaveText('');
  expect(await page.evaluate(() => window.e2eCspViolations)).toEqual([]);
});

test('a link can be changed and removed through its dialog', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  await page.keyboard.type('our site');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Add a link' }).getByLabel('Link address').fill('example.com');
  await page.keyboard.press('Enter');
  await expect(editor.locator('a[href="https://example.com"]')).toHaveText('our site');

  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await expect(dialog.getByLabel('Link address')).toHaveValue('https://example.com');
  await dialog.getByLabel('Link address').fill('https://example.org/new');
  await page.keyboard.press('Enter');
  await expect(editor.locator('a[href="https://example.org/new"]')).toHaveText('our site');

  await page.keyboard.press('Control+k');
  await dialog.getByRole('button', { name: 'Remove link' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor.locator('a')).toHaveCount(0);
  await expect(editor).toHaveText('our site');
  await expect(editor).toBeFocused();
});
