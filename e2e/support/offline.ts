import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { API_HEADERS, signUpByApi, uniqueAccount } from './accounts';
import { expect } from './test';

export interface OfflineReading {
  /** The text of a post with an image, and the image's alt text. */
  pictureText: string;
  pictureAlt: string;
  /** The text of a post without one. */
  plainText: string;
}

/** An image that sharp writes here: a file of its own, served under /media/ like any upload. */
async function pictureFile(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** Signs a new account up in the page's context and gives it two posts, one with an image. */
export async function seedOfflineReading(page: Page): Promise<OfflineReading> {
  const account = await signUpByApi(page.request, uniqueAccount());
  const tag = account.handle.slice(-6);
  const reading = {
    pictureText: `Harbour at dawn ${tag}`,
    pictureAlt: `Boats at their moorings ${tag}`,
    plainText: `Ferry is on time today ${tag}`,
  };
  const upload = await page.request.post('/api/v1/media', {
    headers: API_HEADERS,
    multipart: { file: { name: 'harbour.png', mimeType: 'image/png', buffer: await pictureFile() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { image } = (await upload.json()) as { image: { id: string } };
  for (const data of [
    { body: reading.pictureText, images: [{ id: image.id, alt: reading.pictureAlt }] },
    { body: reading.plainText },
  ]) {
    const posted = await page.request.post('/api/v1/posts', { headers: API_HEADERS, data });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  return reading;
}

/** Waits until the service worker is installed and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The paths each of the page's caches holds an answer for, by cache name. */
export async function deviceCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const paths = await Promise.all(
      names.map(async (name) =>
        (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
      ),
    );
    return Object.fromEntries(names.map((name, i) => [name, paths[i] ?? []]));
  });
}

/** What the account caches hold beyond what any visitor may read (the instance's settings, "nobody signed in"). */
export async function accountAnswersKept(page: Page): Promise<string[]> {
  const kept = await deviceCaches(page);
  return [...(kept['tidings-api'] ?? []), ...(kept['tidings-media'] ?? [])].filter(
    (path) => path !== '/api/v1/client-config' && path !== '/api/v1/auth/me',
  );
}

/** Whether the image with this alt text has been drawn (it arrived and decoded). */
export async function imageIsDrawn(page: Page, alt: string): Promise<boolean> {
  const image = page.getByRole('img', { name: alt });
  await image.scrollIntoViewIfNeeded();
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });
}

/**
 * Opens Home in a fresh tab with the service worker in charge and reads the feed once, so its
 * answers and images are kept: what a reader's earlier visit leaves on the device.
 */
export async function readHomeOnline(page: Page, reading: OfflineReading): Promise<void> {
  await page.goto('/');
  await waitForServiceWorker(page);
  // The first visit's requests went out before the worker took the page; a repeat visit's go through it.
  await page.reload();
  await expect(page.getByText(reading.plainText)).toBeVisible();
  await expect.poll(() => imageIsDrawn(page, reading.pictureAlt)).toBe(true);
}
