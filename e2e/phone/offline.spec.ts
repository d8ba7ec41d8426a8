import { expectAccessible } from '../support/a11y';
import { API_HEADERS } from '../support/accounts';
import { editorOf, openComposer } from '../support/composer';
import { imageIsDrawn, readHomeOnline, seedOfflineReading } from '../support/offline';
import { expect, test } from '../support/test';

// The installed app on a phone, on a train: the saved feed offline, and a post written in a
// tunnel that waits as a draft until the reader sends it (e2e/offline.spec.ts on a desktop).
test.use({ serviceWorkers: 'allow' });

const OFFLINE = 'Offline: showing what this device saved.';
const COMPOSER_NOTE =
  "You're offline. What you write is kept on this device; post it when you're back online.";

test('offline on a phone: the saved feed with its banner, and a post kept as a draft until back online', async ({
  page,
  context,
}) => {
  const reading = await seedOfflineReading(page);
  await readHomeOnline(page, reading);

  await context.setOffline(true);
  await page.reload();
  const banner = page.getByText(OFFLINE);
  await expect(banner).toBeVisible();
  await expect(page.getByText(reading.plainText)).toBeVisible();
  await expect.poll(() => imageIsDrawn(page, reading.pictureAlt)).toBe(true);
  // On screen, inside its width, and clear of the header it floats under.
  const viewport = page.viewportSize();
  const box = await banner.boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  expect(box && viewport && header).toBeTruthy();
  if (box && viewport && header) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  }
  await expectAccessible(page);

  // Written offline: the composer says it will not send, and a try says why.
  await page.evaluate(() => window.scrollTo(0, 0));
  const text = `Written in the tunnel ${reading.plainText.slice(-6)}`;
  const editor = await openComposer(page);
  await editor.fill(text);
  await expect(page.getByText(COMPOSER_NOTE)).toBeVisible();
  await page.getByRole('button', { name: 'Post', exact: true }).tap();
  await expect(page.getByText('Could not reach Tidings. Check your connection and try again.')).toBeVisible();

  // Still offline, a reload keeps the draft.
  await page.reload();
  await openComposer(page);
  await expect(editorOf(page, 'Write a post')).toHaveText(text);

  // Back online, the note goes and the post goes out when sent.
  await context.setOffline(false);
  await expect(page.getByText(COMPOSER_NOTE)).toBeHidden();
  await page.getByRole('button', { name: 'Post', exact: true }).tap();
  // The composer empties only once the server has the post; the server's own list says so too.
  await expect(editorOf(page, 'Write a post')).toHaveText('');
  const feed = await page.request.get('/api/v1/feed', { headers: API_HEADERS });
  expect(
    ((await feed.json()) as { posts: { bodyText: string }[] }).posts.map((post) => post.bodyText),
  ).toContain(text);
  // And the feed shows it, though it was refreshing (back online) when the post was sent.
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await expect(banner).toBeHidden();
});
