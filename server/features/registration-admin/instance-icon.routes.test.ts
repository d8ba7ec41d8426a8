import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientConfigResponse } from '../../../common/contracts/client-config';
import type { InstanceIconResponse } from '../../../common/contracts/instance';
import { jpeg } from '../../test-support/image-fixtures';
import { multipartBody, storedMediaFiles } from '../../test-support/media-upload';
import { createTestApp, signedUpUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedUpUser>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signedUpUser(t);
});
afterEach(async () => {
  await t.close();
});

async function uploadIcon(cookie: string, bytes: Buffer) {
  const { payload, contentType } = await multipartBody({}, { bytes, name: 'icon.jpg', type: 'image/jpeg' });
  return t.api({
    method: 'PUT',
    url: '/api/v1/admin/settings/icon',
    payload,
    headers: { 'content-type': contentType },
    cookie,
  });
}

const clientConfig = async () =>
  (await t.api({ method: 'GET', url: '/api/v1/client-config' })).json<ClientConfigResponse>();

describe("the instance's icon", () => {
  it('goes through the image pipeline, reaches every browser through client-config, and replaces the last one', async () => {
    expect((await clientConfig()).instanceIcon).toBeNull();
    const first = await uploadIcon(admin.cookie, await jpeg(900, 600));
    expect(first.statusCode, first.body).toBe(200);
    const { icon } = first.json<InstanceIconResponse>();
    expect(icon?.webp.length).toBeGreaterThan(0);
    // Square, whatever the upload's shape.
    for (const variant of icon?.webp ?? []) expect(variant.width).toBe(variant.height);
    expect((await clientConfig()).instanceIcon).toEqual(icon);
    const url = icon?.webp[0]?.url ?? '';
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const firstFiles = storedMediaFiles(t);

    const second = await uploadIcon(admin.cookie, await jpeg(400, 400, [10, 200, 30]));
    expect(second.statusCode, second.body).toBe(200);
    const files = storedMediaFiles(t);
    // The old icon's files are gone, the new one's are there.
    expect(files.filter((file) => firstFiles.includes(file))).toEqual([]);
    expect(files.length).toBe(firstFiles.length);

    const removed = await t.api({
      method: 'DELETE',
      url: '/api/v1/admin/settings/icon',
      cookie: admin.cookie,
    });
    expect(removed.json()).toEqual({ icon: null });
    expect(storedMediaFiles(t)).toEqual([]);
    expect((await clientConfig()).instanceIcon).toBeNull();

    const log = await t.api({ method: 'GET', url: '/api/v1/admin/audit-log', cookie: admin.cookie });
    const entries = log.json<{ entries: { action: string; detail: unknown }[] }>().entries;
    expect(entries.map(({ action, detail }) => ({ action, detail }))).toEqual(
      Array.from({ length: 3 }, () => ({
        action: 'instance.settings_changed',
        detail: { fields: ['icon'] },
      })),
    );
  });

  it('is changed by admins only, and refuses what is not an image', async () => {
    const ben = await signedUpUser(t);
    const refused = await uploadIcon(ben.cookie, await jpeg(100, 100));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('admin_only');
    const notImage = await uploadIcon(admin.cookie, Buffer.from('not an image at all'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.code).toBe('invalid_image');
    const json = await t.api({
      method: 'PUT',
      url: '/api/v1/admin/settings/icon',
      payload: {},
      cookie: admin.cookie,
    });
    expect(json.statusCode).toBe(415);
    expect(storedMediaFiles(t)).toEqual([]);
  });
});
