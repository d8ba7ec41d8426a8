/**
 * npm run bench:preview-images — link-card images served from our origin (GET /media/p/…).
 * A real page server on 127.0.0.2 serves a 1600×900 noisy JPEG (~770 KB); the real app (inject(), SQLite,
 * disk storage) copies each image on its first request and serves the stored WebP afterwards.
 * Baseline in the same run: the first request of each image (fetch + sharp check + re-encode +
 * store), i.e. what every view would cost without the stored copy. Concurrency 8.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/platform/db/database';
import { startTestOrigin } from '../server/platform/safe-fetch/testing/test-origin';
import { newAccount, sessionCookieFrom } from '../server/test-support/test-app';
import { median, percentile, runPool } from './link-preview/bench-tools';

const ORIGIN_HOST = '127.0.0.2';
const IMAGES = 60;
const REPEAT_VIEWS = 3_000;
const CONCURRENCY = 8;
const MAX_PHASE_MS = 60_000;

const format = (ms: number) => `${ms.toFixed(2)} ms`;

async function main(): Promise<void> {
  const picture = await sharp({
    create: {
      width: 1600,
      height: 900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const origin = await startTestOrigin(ORIGIN_HOST, (request, response) => {
    if (request.url?.startsWith('/page/'))
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<meta property="og:title" content="Bench"><meta property="og:image" content="/img${request.url.slice(5)}.jpg">`,
        );
    else response.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-bench-images-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    UNSAFE_PREVIEW_ALLOWED_ADDRESSES: ORIGIN_HOST,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, testHooks: { live: { feed: async () => undefined } } });
  const xhr = { 'x-requested-with': 'XMLHttpRequest' };
  try {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: xhr,
      payload: newAccount(),
    });
    const cookie = sessionCookieFrom(signUp);
    const imageUrls: string[] = [];
    for (let i = 0; i < IMAGES; i += 1) {
      const url = encodeURIComponent(origin.url(`/page/${i}`));
      const preview = await app.inject({
        method: 'GET',
        url: `/api/v1/proxy?publicId=bench&url=${url}`,
        headers: { ...xhr, cookie },
      });
      imageUrls.push(preview.json<{ imageProxyUrl: string }>().imageProxyUrl);
    }
    const view = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      return response.rawPayload.length;
    };
    const first = await runPool(imageUrls, CONCURRENCY, MAX_PHASE_MS, view);
    const repeats = Array.from({ length: REPEAT_VIEWS }, (_, i) => imageUrls[i % imageUrls.length] ?? '');
    const stored = await runPool(repeats, CONCURRENCY, MAX_PHASE_MS, view);

    const rate = (run: typeof first) => (run.latenciesMs.length / run.elapsedMs) * 1000;
    console.log(
      `source image ${Math.round(picture.length / 1024)} KB → stored WebP ${Math.round((first.results[0] ?? 0) / 1024)} KB`,
    );
    console.log(
      `first view (copy made, baseline): ${first.latenciesMs.length} images, ${rate(first).toFixed(1)}/s, p50 ${format(median(first.latenciesMs))}, p99 ${format(percentile(first.latenciesMs, 99))}`,
    );
    console.log(
      `later views (stored copy):        ${stored.latenciesMs.length} requests, ${rate(stored).toFixed(0)}/s, p50 ${format(median(stored.latenciesMs))}, p99 ${format(percentile(stored.latenciesMs, 99))}`,
    );
    console.log(
      `ratio: ${(rate(stored) / rate(first)).toFixed(1)}× the throughput, p50 ${(median(first.latenciesMs) / median(stored.latenciesMs)).toFixed(1)}× lower`,
    );
  } finally {
    await app.close();
    await database.close();
    await origin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
