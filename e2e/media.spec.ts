import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { MEDIA_MAX_FILE_BYTES, type PostImage, type UploadedImage } from '../common/contracts/media';
import { expectAccessible } from './support/a11y';
import { showLivePost, signedIn } from './support/live';
import { scratchFolder } from './support/scratch-folder';
import { loadedScripts } from './support/scripts';
import { signUp, uniqueAccount } from './support/accounts';
import { openComposer } from './support/composer';
import { expect, test } from './support/test';
import { layoutShiftOf, recordLayoutShifts } from './support/layout-shift';

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

const scratch = scratchFolder('media');

let fileCounter = 0;
/** A JPEG of one colour, distinct per call, so every upload has its own content hash. */
async function jpegFile(width: number, height: number, name = 'photo.jpg'): Promise<string> {
  fileCounter += 1;
  const shade = (fileCounter * 37) % 256;
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: shade, g: 255 - shade, b: (shade * 7) % 256 } },
  })
    .jpeg()
    .toBuffer();
  const path = scratch.path(`${fileCounter}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

/** Opens the file chooser with the "Add images" button and picks the files. */
async function pickImages(page: Page, ...paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add images' }).first().click();
  await (await chooser).setFiles(paths);
}

function isUpload(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/media';
}

test('pick, crop 1:1, describe and post: another reader sees the square image with its alt text', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const reader = await signedIn(browser);
  const { page } = await signedIn(browser);
  for (const p of [page, reader.page]) {
    await p.evaluate(() => {
      window.e2eCspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.e2eCspViolations?.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
  }
  const before = await loadedScripts(page);
  // The cropper's class names survive minification: no script of the first page may hold them.
  expect([...before].filter(([, source]) => source.includes('reactEasyCrop')).map(([url]) => url)).toEqual(
    [],
  );

  await pickImages(page, await jpegFile(800, 500));
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await expect(dialog.getByRole('group', { name: 'Crop area' })).toBeVisible();
  const after = await loadedScripts(page);
  expect([...after].some(([url, source]) => !before.has(url) && source.includes('reactEasyCrop'))).toBe(true);
  await expect(dialog.getByRole('img', { name: 'Preview of the cropped image' })).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('radio', { name: '1:1' }).check();
  const upload = page.waitForRequest(isUpload);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  const response = await (await upload).response();
  expect(response?.status()).toBe(201);
  const { image: uploaded } = (await response?.json()) as { image: UploadedImage };
  // 1:1 of an 800×500 picture: the server cut a square.
  expect(uploaded.width).toBe(uploaded.height);

  const alt = `A square of colour ${Date.now()}`;
  await page.getByLabel('Alt text for image 1').fill(alt);
  const marker = `Picture post ${Date.now()}`;
  const editor = await openComposer(page);
  await editor.fill(marker);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(editor).toHaveText('');
  await expect(page.getByLabel('Alt text for image 1')).toHaveCount(0);

  const post = reader.page.getByRole('feed').getByRole('article').filter({ hasText: marker });
  await showLivePost(reader.page, post);
  const image = post.getByRole('img', { name: alt });
  await expect(image).toBeVisible();
  // The newest post is on the reader's first screen: its picture is fetched at once and first
  // (lazy loading there would only delay the largest paint); pictures further down stay lazy.
  await expect(image).toHaveAttribute('loading', 'eager');
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  await expect(image).toHaveAttribute('decoding', 'async');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const shown = await image.evaluate((img: HTMLImageElement) => ({
    source: new URL(img.currentSrc).pathname,
    width: img.clientWidth,
    height: img.clientHeight,
  }));
  expect(uploaded.webp.map((variant) => variant.url)).toContain(shown.source);
  expect(shown.width).toBeGreaterThan(0);
  expect(shown.width).toBe(shown.height);
  await expectAccessible(reader.page);
  // The cropper's styles, the placeholders and the image boxes all get by without inline styles.
  for (const p of [page, reader.page]) expect(await p.evaluate(() => window.e2eCspViolations)).toEqual([]);
  await Promise.all([page, reader.page].map((p) => p.context().close()));
});

test('the crop dialog works by keyboard alone, and Escape leaves without uploading', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const uploads: Request[] = [];
  page.on('request', (request) => isUpload(request) && uploads.push(request));
  const addImages = page.getByRole('button', { name: 'Add images' });
  const photo = await jpegFile(800, 500);

  for (const leave of ['Escape', 'Apply'] as const) {
    const chooser = page.waitForEvent('filechooser');
    await addImages.focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(photo);
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    const area = dialog.getByRole('group', { name: 'Crop area' });
    await expect(area).toBeFocused();
    if (leave === 'Escape') {
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(addImages).toBeFocused();
      continue;
    }
    const picture = dialog.locator('img.reactEasyCrop_Image');
    const placement = () => picture.evaluate((img) => img.style.transform);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: 'Original' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '1:1' })).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('radio', { name: 'Original' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('slider', { name: 'Zoom' })).toBeFocused();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuetext', '120%');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Rotate right' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('90°')).toBeVisible();
    // Back to the crop area (Shift+Tab past the controls): the arrow keys move the picture.
    for (let i = 0; i < 6 && !(await area.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(area).toBeFocused();
    const centred = await placement();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(placement).not.toBe(centred);
    const apply = dialog.getByRole('button', { name: 'Apply' });
    for (let i = 0; i < 12 && !(await apply.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(apply).toBeFocused();
    const upload = page.waitForRequest(isUpload);
    await page.keyboard.press('Enter');
    const response = await (await upload).response();
    const { image } = (await response?.json()) as { image: UploadedImage };
    // The landscape picture, turned a quarter and zoomed in, comes back portrait.
    expect(image.height).toBeGreaterThan(image.width);
    await expect(addImages).toBeFocused();
  }
  expect(uploads).toHaveLength(1);
  await expect(page.getByLabel('Alt text for image 1')).toBeVisible();
});

test('a photo turned by its EXIF orientation is cropped as it is shown', async ({ page }) => {
  await signUp(page, uniqueAccount());
  // Stored 800×500 with orientation 6 ("turn 90° clockwise"): people see it 500 wide, 800 tall.
  const path = scratch.path('turned.jpg');
  const stored = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#468' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  writeFileSync(path, stored);
  await pickImages(page, path);
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await dialog.getByRole('radio', { name: '16:9' }).check();
  const upload = page.waitForRequest(isUpload);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const response = await (await upload).response();
  // A 16:9 box across the 500-wide picture. Had the crop been measured on the stored 800×500
  // pixels, it would reach past the turned picture's edge and the server would refuse it.
  expect(response?.status()).toBe(201);
  const { image } = (await response?.json()) as { image: UploadedImage };
  expect(image.width / image.height).toBeCloseTo(16 / 9, 1);
  expect(image.width).toBeLessThanOrEqual(500);
});

test('a free crop box takes its width and height from two sliders', async ({ page }) => {
  await signUp(page, uniqueAccount());
  await pickImages(page, await jpegFile(800, 500));
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await dialog.getByRole('radio', { name: 'Free' }).check();
  await dialog.getByRole('slider', { name: 'Crop width' }).fill('50');
  await expect(dialog.getByRole('slider', { name: 'Crop width' })).toHaveAttribute('aria-valuetext', '50%');
  const upload = page.waitForRequest(isUpload);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const response = await (await upload).response();
  const { image } = (await response?.json()) as { image: UploadedImage };
  // Half the width, all the height of an 800×500 picture: 400×500, a 4:5 portrait.
  expect(image.width / image.height).toBeCloseTo(0.8, 1);
});

test('posting an image without alt text asks first', async ({ page }) => {
  await signUp(page, uniqueAccount());
  await pickImages(page, await jpegFile(400, 300));
  await page.getByRole('dialog', { name: 'Crop image' }).getByRole('button', { name: 'Apply' }).click();
  const marker = `No alt yet ${Date.now()}`;
  const editor = await openComposer(page);
  await editor.fill(marker);
  const post = page.getByRole('button', { name: 'Post', exact: true });
  await expect(post).toBeEnabled();
  await post.click();

  const reminder = page.getByRole('dialog', { name: 'Post without alt text?' });
  await expect(reminder).toBeVisible();
  await expectAccessible(page);
  await reminder.getByRole('button', { name: 'Cancel' }).click();
  await expect(reminder).toHaveCount(0);
  await expect(page.getByLabel('Alt text for image 1')).toBeFocused();
  await expect(editor).toHaveText(marker);
  await expect(page.getByRole('feed').getByRole('article').filter({ hasText: marker })).toHaveCount(0);

  await post.click();
  await page
    .getByRole('dialog', { name: 'Post without alt text?' })
    .getByRole('button', { name: 'Post anyway' })
    .click();
  await expect(editor).toHaveText('');
  const card = page.getByRole('feed').getByRole('article').filter({ hasText: marker });
  await expect(card.locator('img[alt=""]')).toHaveCount(1);
});

test('uploads can be reordered, removed, cancelled and retried; the post waits for them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  const marker = `Several ${Date.now()}`;
  await editor.fill(marker);
  const first = await jpegFile(300, 200, 'first.jpg');
  const second = await jpegFile(200, 300, 'second.jpg');
  await pickImages(page, first, second);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Crop image (1 more after this one)');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveAccessibleName('Crop image');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  await page.getByLabel('Alt text for image 1').fill('first');
  await page.getByLabel('Alt text for image 2').fill('second');
  await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
  await expect(page.getByLabel('Alt text for image 1')).toHaveValue('second');
  await expect(page.getByRole('button', { name: 'Move image 1 later' })).toBeFocused();
  await page.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(page.getByLabel('Alt text for image 2')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add images' })).toBeFocused();

  // A slow connection, made real by the browser's own throttling, keeps the next upload in flight.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 32 * 1024,
  });
  const noisy = scratch.path('noisy.png');
  // Random pixels do not compress: about a megabyte, half a minute at this speed.
  const noise = randomBytes(600 * 600 * 3);
  writeFileSync(
    noisy,
    await sharp(noise, { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer(),
  );
  await pickImages(page, noisy);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading image 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel upload of image 2' }).click();
  await expect(page.getByText('Upload cancelled.')).toBeVisible();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(
    page.getByText('Some images did not upload. Retry or remove them before posting.'),
  ).toBeVisible();

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByRole('button', { name: 'Retry upload of image 2' }).click();
  await expect(page.getByText('Upload cancelled.')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('Some images did not upload.')).toHaveCount(0);
  await page.getByLabel('Alt text for image 2').fill('noise');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(editor).toHaveText('');
  const card = page.getByRole('feed').getByRole('article').filter({ hasText: marker });
  await expect(card.getByRole('img', { name: 'second' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'noise' })).toBeVisible();
  // Display order is the order chosen in the composer.
  expect(
    await card.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))),
  ).toEqual(['second', 'noise']);
});

test('too large, not an image, or not decodable: refused with a clear message', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const uploads: Request[] = [];
  page.on('request', (request) => isUpload(request) && uploads.push(request));

  const huge = scratch.path('huge.jpg');
  writeFileSync(huge, Buffer.alloc(MEDIA_MAX_FILE_BYTES + 1));
  await pickImages(page, huge);
  await expect(page.getByRole('alert').filter({ hasText: 'huge.jpg is larger than 15 MB' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const text = scratch.path('notes.png');
  writeFileSync(text, 'just some text, not a picture');
  await pickImages(page, text);
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await expect(dialog.getByText(/cannot show notes\.png/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload without cropping' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not an image Tidings can use' })).toBeVisible();
  expect(uploads).toHaveLength(1);
  await page.getByRole('button', { name: 'Remove image 1' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not an image Tidings can use' })).toHaveCount(0);
});

test('dropping or pasting an image on the composer opens the crop dialog', async ({ page }) => {
  await signUp(page, uniqueAccount());
  const editor = await openComposer(page);
  for (const kind of ['paste', 'drop'] as const) {
    await editor.evaluate(async (target, eventKind) => {
      const canvas = document.createElement('canvas');
      canvas.width = 120;
      canvas.height = 90;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#3a7';
        context.fillRect(0, 0, 120, 90);
      }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob ?? new Blob()], `${eventKind}.png`, { type: 'image/png' }));
      const event =
        eventKind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
    }, kind);
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    await expect(dialog.getByRole('group', { name: 'Crop area' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
  // The editor took nothing in: the files went to the dialog only.
  await expect(editor).toHaveText('');
  // Text copied with a picture of itself (as spreadsheets copy cells) is pasted as text.
  await editor.evaluate((target) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', 'cells as text');
    transfer.items.add(new File(['not shown'], 'cells.png', { type: 'image/png' }));
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor).toHaveText('cells as text');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Alt text for image 1')).toHaveCount(0);
});

/** Signs up and posts `count` image posts through the API, oldest first; answers their images. */
async function seedImagePosts(page: Page, count: number): Promise<UploadedImage[]> {
  // Away from the live feed, which would show (and fetch) each new post as it arrives.
  await page.goto('about:blank');
  const images: UploadedImage[] = [];
  for (let i = 0; i < count; i += 1) {
    const path = await jpegFile(1200, 900);
    const uploaded = await page.request.post('/api/v1/media', {
      headers: API_HEADERS,
      multipart: { file: { name: 'seed.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path) } },
    });
    expect(uploaded.status()).toBe(201);
    const { image } = (await uploaded.json()) as { image: UploadedImage };
    const posted = await page.request.post('/api/v1/posts', {
      headers: API_HEADERS,
      data: { body: `Seeded picture ${i + 1}`, images: [{ id: image.id, alt: `Seeded picture ${i + 1}` }] },
    });
    expect(posted.status()).toBe(201);
    const { post } = (await posted.json()) as { post: { images: PostImage[] } };
    expect(post.images.map((img) => img.id)).toEqual([image.id]);
    images.push(image);
  }
  return images;
}

/** Every rendition of an image: each is a file of its own. */
function urlsOf(image: UploadedImage): string[] {
  return [...image.webp, ...image.fallback].map((variant) => variant.url);
}

test('images far below the fold are fetched only when scrolled near', async ({ page }) => {
  test.setTimeout(90_000);
  const account = uniqueAccount();
  await signUp(page, account);
  const images = await seedImagePosts(page, 14);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const wasRequested = (image: UploadedImage) => urlsOf(image).some((url) => requested.includes(url));

  await page.goto(`/@${account.handle}`);
  const newest = page.getByRole('img', { name: 'Seeded picture 14' });
  await expect(newest).toBeVisible();
  await expect
    .poll(() => newest.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const [oldest] = images;
  if (!oldest) throw new Error('nothing seeded');
  const last = images.at(-1);
  if (!last) throw new Error('nothing seeded');
  expect(wasRequested(last)).toBe(true);
  // Several screens further down (about 500 px a post): not fetched yet.
  await page.waitForTimeout(500);
  expect(wasRequested(oldest)).toBe(false);

  await page.getByRole('img', { name: 'Seeded picture 1', exact: true }).scrollIntoViewIfNeeded();
  await expect.poll(() => wasRequested(oldest)).toBe(true);
});

test('a feed of image posts does not shift while it loads and scrolls (CLS < 0.02)', async ({ page }) => {
  test.setTimeout(90_000);
  const account = uniqueAccount();
  await signUp(page, account);
  await seedImagePosts(page, 10);
  // Real latency (the browser's own throttling), so images arrive after the posts are on screen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 512 * 1024,
    uploadThroughput: -1,
  });
  // Observed from navigation start: the shell giving way to the page, the list arriving, then
  // its images.
  await recordLayoutShifts(page);
  await page.goto(`/@${account.handle}`);
  await expect(page.getByRole('article')).toHaveCount(10);
  for (let step = 0; step < 40; step += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, 300);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(100);
    if (atEnd) break;
  }
  const images = page.locator('article img');
  await expect(images).toHaveCount(10);
  await expect
    .poll(() =>
      images.evaluateAll((imgs) =>
        imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).clientHeight > 0),
      ),
    )
    .toBe(true);
  const { score, shifts } = await layoutShiftOf(page);
  console.log(`CLS image feed: ${score.toFixed(4)}`);
  expect(score, `layout shifts:\n${shifts.join('\n')}`).toBeLessThan(0.02);
  await expectAccessible(page);
});
