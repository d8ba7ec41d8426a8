import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { openTestDatabase } from '../../test-support/test-app';
import {
  createKyselyPreviewCacheStore,
  createMemoryPreviewCacheStore,
  type PreviewCacheStore,
} from './link-previews.repository';
import type { PreviewOutcome } from './preview-outcome';

const SUCCESS: PreviewOutcome = {
  ok: true,
  preview: {
    url: 'https://example.com/',
    mediaType: 'image',
    contentType: 'image/png',
    favicons: ['https://example.com/favicon.ico'],
  },
};
const FAILURE: PreviewOutcome = { ok: false, code: 'upstream_status', status: 404 };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe.each([
  ['kysely', () => createKyselyPreviewCacheStore(database.db)],
  ['memory', () => createMemoryPreviewCacheStore()],
])('%s preview cache store', (_name, makeStore: () => PreviewCacheStore) => {
  it('returns what was stored until it expires', async () => {
    const store = makeStore();
    await store.set('https://example.com/a', SUCCESS, 2_000);
    expect(await store.get('https://example.com/a', 1_999)).toEqual({ outcome: SUCCESS, expiresAt: 2_000 });
    expect(await store.get('https://example.com/a', 2_000)).toBeNull();
    expect(await store.get('https://example.com/other', 0)).toBeNull();
  });

  it('replaces an entry for the same URL', async () => {
    const store = makeStore();
    await store.set('https://example.com/b', SUCCESS, 5_000);
    await store.set('https://example.com/b', FAILURE, 6_000);
    expect(await store.get('https://example.com/b', 0)).toEqual({ outcome: FAILURE, expiresAt: 6_000 });
  });
});

describe('kysely preview cache store', () => {
  it('keeps long URLs and purges expired rows', async () => {
    const store = createKyselyPreviewCacheStore(database.db);
    const long = `https://example.com/${'x'.repeat(2000)}`;
    await store.set(long, SUCCESS, 10_000);
    await store.set('https://example.com/old', FAILURE, 100);
    await store.purgeExpired(5_000);
    const rows = await database.db.selectFrom('link_preview_cache').select('url').execute();
    expect(rows.map((row) => row.url)).toContain(long);
    expect(rows.map((row) => row.url)).not.toContain('https://example.com/old');
    expect(await store.get(long, 0)).toEqual({ outcome: SUCCESS, expiresAt: 10_000 });
  });

  it('reads a row of the wrong shape, or not JSON, as a miss rather than as an outcome', async () => {
    const store = createKyselyPreviewCacheStore(database.db);
    await store.set('https://example.com/bent', SUCCESS, 10_000);
    await store.set('https://example.com/torn', SUCCESS, 10_000);
    const rewrite = (url: string, outcome: string) =>
      database.db.updateTable('link_preview_cache').set({ outcome }).where('url', '=', url).execute();
    await rewrite('https://example.com/bent', JSON.stringify({ ok: true, preview: { url: 7 } }));
    await rewrite('https://example.com/torn', '{"ok": tru');
    expect(await store.get('https://example.com/bent', 0)).toBeNull();
    expect(await store.get('https://example.com/torn', 0)).toBeNull();
  });
});
