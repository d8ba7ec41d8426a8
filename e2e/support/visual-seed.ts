import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './test';

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * One fixed user agent for every seeded session: the settings page names the device of each
 * session, and the screenshots must not depend on the browser version.
 */
const SEED_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** What the screenshot tests show: the same on every fresh server. */
export interface VisualWorld {
  /** The admin (first account), who views most pages: nobody ever notifies her. */
  admin: StorageState;
  /** The author, who views the notifications page. */
  author: StorageState;
  /** Bea's post with a picture, two replies and a like. */
  postId: string;
  /** When the last post was written (ms since the epoch), to set the browser's clock from. */
  seededAt: number;
}

const PEOPLE = {
  ada: { email: 'ada@example.com', handle: 'ada', displayName: 'Ada Lindqvist' },
  bea: { email: 'bea@example.com', handle: 'bea', displayName: 'Bea Okafor' },
  cy: { email: 'cy@example.com', handle: 'cymoreau', displayName: 'Cy Moreau' },
} as const;
const PASSWORD = 'a long enough password';

async function person(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  who: keyof typeof PEOPLE,
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({
    baseURL,
    userAgent: SEED_USER_AGENT,
    extraHTTPHeaders: API_HEADERS,
  });
  const response = await request.post('/api/v1/auth/signup', {
    data: { ...PEOPLE[who], password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return request;
}

async function post(
  request: APIRequestContext,
  data: { body: string; parentId?: string; images?: { id: string; alt: string }[] },
): Promise<string> {
  const response = await request.post('/api/v1/posts', { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

/** A picture that is the same bytes every time: a sunset in three bands. */
async function sunset(): Promise<Buffer> {
  const band = (background: string) =>
    sharp({ create: { width: 960, height: 180, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 960, height: 540, channels: 3, background: '#000' } })
    .composite([
      { input: await band('#fbbf24'), left: 0, top: 0 },
      { input: await band('#f97316'), left: 0, top: 180 },
      { input: await band('#1e3a8a'), left: 0, top: 360 },
    ])
    .png()
    .toBuffer();
}

/**
 * Fills a fresh server with three people, their posts (one with a picture), replies, a like, a
 * mention and a report. Everything is written in a fixed order, so pages list it the same way.
 */
export async function seedVisualWorld(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<VisualWorld> {
  const ada = await person(playwright, baseURL, 'ada');
  const bea = await person(playwright, baseURL, 'bea');
  const cy = await person(playwright, baseURL, 'cy');

  await post(cy, { body: 'First ride of the season: 40 km along the river, no punctures.' });
  const upload = await bea.post('/api/v1/media', {
    multipart: { file: { name: 'sunset.png', mimeType: 'image/png', buffer: await sunset() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { image } = (await upload.json()) as { image: { id: string } };
  const postId = await post(bea, {
    body: '<p>Tea or coffee after the ride? The <strong>sunset</strong> says tea.</p>',
    images: [{ id: image.id, alt: 'A sunset in three bands: yellow, orange and deep blue' }],
  });
  await post(cy, { body: 'Coffee, always. Tea is for the rain.', parentId: postId });
  await post(ada, { body: 'Tea, with a slice of lemon.', parentId: postId });
  expect((await cy.put(`/api/v1/posts/${postId}/like`)).status()).toBe(200);
  const spam = await post(cy, {
    body: '<p>Ask <a data-type="mention" data-id="bea" href="/@bea">@bea</a> about the tea shop by the bridge.</p>',
  });
  const report = await bea.post(`/api/v1/posts/${spam}/reports`, {
    data: { reason: 'spam', note: 'Posted the same link all morning' },
  });
  expect(report.status(), await report.text()).toBe(201);

  const world = {
    admin: await ada.storageState(),
    author: await bea.storageState(),
    postId,
    seededAt: Date.now(),
  };
  await Promise.all([ada, bea, cy].map((request) => request.dispose()));
  return world;
}
