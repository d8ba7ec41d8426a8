import { readFileSync } from 'node:fs';
import sharp, { type Region } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InstanceSettings } from '../../../common/contracts/instance';
import { colourAt, jpeg } from '../../test-support/image-fixtures';
import { multipartBody } from '../../test-support/media-upload';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';
import { APP_ICONS, MASKABLE_CONTENT_RATIO } from './app-icons';
import { APP_MARK_SVG } from './app-mark';
import type { WebAppManifest } from './web-app-manifest';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedUpUser>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signedUpUser(t);
});
afterEach(async () => {
  await t.close();
});

const SETTINGS: InstanceSettings = {
  name: 'Town Square Gazette',
  description: 'News from the neighbourhood.',
  rules: [],
  contactEmail: 'hello@town.example',
  registrationMode: 'open',
  membersCanInvite: false,
};

/** Fetched as a browser fetches it: no X-Requested-With, no session. */
async function manifest(): Promise<WebAppManifest> {
  const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.json<WebAppManifest>();
}

async function icon(src: string) {
  const response = await t.app.inject({ method: 'GET', url: src });
  expect(response.statusCode, src).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return { bytes: response.rawPayload, cacheControl: response.headers['cache-control'] };
}

describe('the web app manifest', () => {
  it('names the instance, starts at the feed and lists a 192 px, a 512 px and a maskable icon, each of its size', async () => {
    const body = await manifest();
    expect(body).toMatchObject({
      id: '/',
      name: 'Tidings',
      short_name: 'Tidings',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(body).not.toHaveProperty('description');
    expect(body.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const entry of body.icons) {
      const { bytes, cacheControl } = await icon(entry.src);
      const { width, height, format } = await sharp(bytes).metadata();
      expect(`${width}x${height}`).toBe(entry.sizes);
      expect(format).toBe('png');
      expect(cacheControl).toBe('public, max-age=31536000, immutable');
    }
  });

  it("draws Tidings' mark, opaque and inside the safe zone on the maskable icon, and opaque for iOS", async () => {
    const maskable = (await icon('/app-icons/maskable-512.png')).bytes;
    const meta = await sharp(maskable).metadata();
    expect(meta.hasAlpha).toBe(false);
    const margin = Math.floor((512 * (1 - MASKABLE_CONTENT_RATIO)) / 2);
    const brightestRed = async (region: Region) => {
      const cut = await sharp(maskable).extract(region).toBuffer();
      return (await sharp(cut).stats()).channels[0]?.max;
    };
    // Around the mark: only the background, the mark's own blue (red 47).
    expect(await brightestRed({ left: 0, top: 0, width: 512, height: margin })).toBeLessThan(50);
    expect(await brightestRed({ left: 0, top: 512 - margin, width: 512, height: margin })).toBeLessThan(50);
    // Inside the safe zone: the mark's white wave.
    const inner = 512 - 2 * margin;
    expect(await brightestRed({ left: margin, top: margin, width: inner, height: inner })).toBeGreaterThan(
      240,
    );

    const apple = (await icon('/app-icons/apple-touch-icon.png')).bytes;
    expect(await sharp(apple).metadata()).toMatchObject({ width: 180, height: 180, hasAlpha: false });
    // The 192 px icon keeps the mark's rounded corners transparent.
    const any = (await icon('/app-icons/icon-192.png')).bytes;
    const corner = await sharp(any).extract({ left: 0, top: 0, width: 2, height: 2 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
  });

  it("follows the admin's name, description and icon, with new icon URLs when the icon changes", async () => {
    const before = await manifest();
    const saved = await t.api({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      cookie: admin.cookie,
      payload: SETTINGS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { payload, contentType } = await multipartBody(
      {},
      { bytes: await jpeg(600, 600), name: 'icon.jpg', type: 'image/jpeg' },
    );
    const uploaded = await t.api({
      method: 'PUT',
      url: '/api/v1/admin/settings/icon',
      payload,
      headers: { 'content-type': contentType },
      cookie: admin.cookie,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const after = await manifest();
    expect(after).toMatchObject({
      name: 'Town Square Gazette',
      short_name: 'Town Square',
      description: 'News from the neighbourhood.',
    });
    const [oldSrc, newSrc] = [before.icons[0]?.src ?? '', after.icons[0]?.src ?? ''];
    expect(newSrc).not.toBe(oldSrc);
    // Drawn from the uploaded (red) icon now.
    const [red, green, blue] = await colourAt((await icon(newSrc)).bytes, 96, 96);
    expect([red > 240, green < 16, blue < 16]).toEqual([true, true, true]);
    // The old URL answers the icon of the moment, and may not be kept as it is.
    expect((await icon(oldSrc)).cacheControl).toBe('no-cache');

    await t.api({ method: 'DELETE', url: '/api/v1/admin/settings/icon', cookie: admin.cookie });
    expect((await manifest()).icons[0]?.src).toBe(oldSrc);
  });

  it('answers 404 with the error envelope for an icon that is not one of its own', async () => {
    for (const url of ['/app-icons/icon-1024.png', '/app-icons/..%2Fmanifest.webmanifest']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('lists one entry for each icon it serves', () => {
    expect(APP_ICONS.map((spec) => spec.file).sort()).toEqual([
      'apple-touch-icon.png',
      'icon-192.png',
      'icon-512.png',
      'maskable-512.png',
    ]);
  });

  it("draws the same mark as the browser tab's /favicon.svg", () => {
    const favicon = readFileSync(new URL('../../../client/public/favicon.svg', import.meta.url), 'utf8');
    expect(favicon.trim()).toBe(APP_MARK_SVG);
  });
});
