/**
 * npm run bench:export — one account's archive (server/features/data-export/build-archive.ts)
 * built from SQLite and files on disk: 20,000 posts and 120 images of 1.5 MB of incompressible
 * bytes (180 MB). Measures the wall time and the process's peak RSS above its resting level while
 * the ZIP is written. Baseline in the same run: the same rows read page by page and written out as
 * JSON, and the same files copied into one file beside them, with no ZIP: what any export must at
 * least read and write.
 * Targets: peak RSS growth ≤ 64 MB while the archive is several times larger (it is streamed,
 * never held), and build time ≤ 4× the baseline's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../server/config';
import { buildArchive } from '../server/features/data-export/build-archive';
import { migrateToLatest, openDatabase } from '../server/platform/db/database';
import { createDiskStorage } from '../server/platform/storage/disk-storage';
import { seedPosts } from '../server/test-support/seed-posts';
import { benchAuthors } from './bench-authors';

const POSTS = Number(process.env.BENCH_EXPORT_POSTS ?? 20_000);
const IMAGES = Number(process.env.BENCH_EXPORT_IMAGES ?? 120);
const IMAGE_BYTES = 1.5 * 1024 * 1024;
const PAGE = 500;
const RSS_GROWTH_TARGET_MB = 64;
// The ZIP format checksums every byte (CRC-32, in JavaScript on Node 20): the one cost a copy has not.
const TIME_RATIO_TARGET = 4;
const SAMPLE_MS = 5;

const mb = (bytes: number) => bytes / (1024 * 1024);

/** Runs `work` and answers its time and the highest RSS seen above the level at its start. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakGrowthMb: number }> {
  globalThis.gc?.();
  const rest = process.memoryUsage.rss();
  let peak = rest;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, ms: performance.now() - started, peakGrowthMb: mb(peak - rest) };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-bench-export-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const db = database.db;
    const storage = createDiskStorage(join(dataDir, 'media'));
    const firstAt = Date.now() - POSTS * 1000;
    const [author] = benchAuthors(1, firstAt);
    if (!author) throw new Error('no author');
    await db.insertInto('users').values(author).execute();
    await seedPosts(db, {
      count: POSTS,
      authors: 1,
      authorHandlePrefix: 'author_',
      firstAt,
      spacingMs: 1000,
      searchIndexed: false,
    });
    const keys: string[] = [];
    for (let i = 0; i < IMAGES; i += 1) {
      const key = `bench/${randomUUID()}.jpg`;
      await storage.put(key, randomBytes(IMAGE_BYTES), 'image/jpeg');
      keys.push(key);
      const url = `/media/${key}`;
      await db
        .insertInto('media')
        .values({
          id: randomUUID(),
          owner_id: author.id,
          post_id: null,
          keys_json: JSON.stringify([key]),
          image_json: JSON.stringify({ fallback: [{ url, width: 2048, height: 1536 }] }),
          created_at: firstAt + i,
          attached_at: firstAt + i,
        })
        .execute();
    }

    const baseline = await measured(async () => {
      const copy = createWriteStream(join(dataDir, 'baseline.bin'));
      let rows = 0;
      for (let offset = 0; ; offset += PAGE) {
        const page = await db
          .selectFrom('posts')
          .selectAll()
          .where('author_id', '=', author.id)
          .orderBy('created_at')
          .limit(PAGE)
          .offset(offset)
          .execute();
        rows += page.length;
        if (!copy.write(JSON.stringify(page)))
          await new Promise<void>((resolve) => copy.once('drain', () => resolve()));
        if (page.length < PAGE) break;
      }
      for (const key of keys) {
        const stored = await storage.open(key);
        if (stored) await pipeline(stored.body, copy, { end: false });
      }
      await new Promise<void>((resolve, reject) =>
        copy.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      return rows;
    });
    const archive = await measured(() =>
      buildArchive(
        { db, storage, publicUrl: 'https://bench.test', instanceName: 'Bench' },
        author.id,
        'exports/bench.zip',
        Date.now(),
      ),
    );
    const archiveMb = mb(archive.result.sizeBytes);
    const timeRatio = archive.ms / baseline.ms;
    console.log(
      `\nData export: ${POSTS.toLocaleString('en')} posts, ${IMAGES} images of ${mb(IMAGE_BYTES)} MB`,
    );
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}\n`,
    );
    console.table([
      {
        phase: 'baseline: rows and files copied',
        ms: Math.round(baseline.ms),
        'peak RSS growth MB': baseline.peakGrowthMb.toFixed(1),
      },
      {
        phase: 'archive: ZIP streamed into storage',
        ms: Math.round(archive.ms),
        'peak RSS growth MB': archive.peakGrowthMb.toFixed(1),
        'archive MB': archiveMb.toFixed(1),
      },
    ]);
    console.log(
      `time ratio (archive / baseline): ${timeRatio.toFixed(2)} (target ≤ ${TIME_RATIO_TARGET}); ` +
        `archive size / peak RSS growth: ${(archiveMb / Math.max(archive.peakGrowthMb, 0.1)).toFixed(1)}; ` +
        `peak RSS growth ${archive.peakGrowthMb.toFixed(1)} MB (target ≤ ${RSS_GROWTH_TARGET_MB} MB)`,
    );
    if (archive.peakGrowthMb > RSS_GROWTH_TARGET_MB || timeRatio > TIME_RATIO_TARGET) process.exitCode = 1;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
