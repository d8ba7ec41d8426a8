import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { expectAccessible } from './support/a11y';
import { API_HEADERS, signUp, uniqueAccount } from './support/accounts';
import { expectNoHorizontalOverflow } from './support/phone';
import { expect, test, visitorHeaders } from './support/test';

/** The files of a ZIP, by name, with the text of those asked for. */
async function zipEntries(zip: Buffer, read: readonly string[]): Promise<Map<string, string>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, opened) => (err ? reject(err) : resolve(opened))),
  );
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', resolve);
    archive.on('entry', (entry: yauzl.Entry) => {
      if (!read.includes(entry.fileName)) {
        files.set(entry.fileName, '');
        archive.readEntry();
        return;
      }
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return files;
}

async function requestArchive(page: Page) {
  await page.goto('/settings#your-data');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Request an archive' }).click();
  // Built in the background; the section asks again every few seconds until it is ready.
  await expect(section.getByRole('link', { name: 'Download the archive' })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole('button', { name: 'Request an archive' })).toBeDisabled();
  return section;
}

test('asks for an archive of one’s data, is told when it is ready, and downloads it', async ({ page }) => {
  const account = uniqueAccount();
  await signUp(page, account);
  const created = await page.request.post('/api/v1/posts', {
    headers: API_HEADERS,
    data: { body: 'A post to take along <b>bold</b>' },
  });
  expect(created.status()).toBe(201);

  const section = await requestArchive(page);
  await expect(section.getByRole('status')).toContainText('Your archive is ready');
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download the archive' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^tidings-${account.handle}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const files = await zipEntries(await readFile(await download.path()), ['posts.json', 'profile.json']);
  expect([...files.keys()]).toEqual(
    expect.arrayContaining(['README.txt', 'profile.json', 'posts.json', 'posts.html', 'likes.json']),
  );
  expect(JSON.parse(files.get('profile.json') ?? '{}')).toMatchObject({
    handle: account.handle,
    email: account.email,
  });
  expect(files.get('posts.json')).toContain('A post to take along');

  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await page.getByRole('link', { name: /data archive is ready/i }).click();
  await expect(page).toHaveURL(/\/settings#your-data$/);
});

test('on a phone: the section fits at 320 px and downloads', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    viewport: { width: 320, height: 640 },
    isMobile: true,
    hasTouch: true,
    ...(baseURL ? { baseURL } : {}),
    extraHTTPHeaders: visitorHeaders(),
  });
  const page = await context.newPage();
  await signUp(page, uniqueAccount());
  const section = await requestArchive(page);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download the archive' }).tap(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  await context.close();
});
