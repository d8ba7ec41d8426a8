/**
 * npm run bench:media — upload-to-ready for a 12-megapixel camera JPEG through the real
 * POST /api/v1/media (production bundle in its own process, SQLite, files on disk): latency one
 * upload at a time, then throughput and the server's peak RSS with two uploads at once.
 * Baselines in the same run: the same pipeline function (decode, orient, renditions,
 * placeholder) on the same bytes with no HTTP, database or storage — called in this process
 * for time, and in a process of its own (same Node flags and allocator settings as the server)
 * for memory. For context, one bare `sharp(file).resize(2048).webp()` is timed too.
 * Targets: upload-to-ready ≤ 1.5× the in-process pipeline; server peak RSS ≤ 250 MB with two
 * uploads at once, at no less throughput than the pipeline alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { Pool } from 'undici';
import type { MediaUploadResponse } from '../common/contracts/media';
import { processImage } from '../server/features/media/image-pipeline';
import {
  MEDIA_MAX_CONCURRENT_JOBS,
  MEDIA_SHARP_TASKS_AT_ONCE,
  MEDIA_SHARP_THREADS,
} from '../server/features/media/limits';
import { percentile, runPool } from './link-preview/bench-tools';
import { SERVER_NODE_FLAGS } from './server-node-flags';
import { startBuiltServer } from './server-process';

const WIDTH = 4000;
const HEIGHT = 3000;
const SEQUENTIAL_RUNS = 10;
const CONCURRENT_RUNS = 6;
const CONCURRENT_ROUNDS = 2;
const CONCURRENCY = 2;
const MAX_PHASE_MS = 120_000;
const RATIO_TARGET = 1.5;
const PEAK_RSS_TARGET_MB = 250;
/**
 * The allocator settings `npm start` gives the server (scripts/start.mjs); see BENCHMARKS.md.
 * BENCH_MEDIA_ALLOCATOR=glibc runs the server and the memory baseline on glibc's defaults.
 */
const SERVER_ALLOCATOR_ENV: Record<string, string> =
  process.env.BENCH_MEDIA_ALLOCATOR === 'glibc'
    ? {}
    : { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
/** Run as `media.bench.ts pipeline-alone <file>`: the memory baseline's own process. */
const PIPELINE_ALONE = 'pipeline-alone';
/** Uploads are rate-limited per user; spreading them over accounts keeps the bench under it. */
const ACCOUNTS = 2;

/** Smooth shapes and colour (upscaled noise) with fine grain on top, like a photo; EXIF orientation 6. */
async function cameraJpeg(): Promise<Buffer> {
  const shapes = await sharp({
    create: {
      width: 80,
      height: 60,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 70 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(shapes)
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function summary(label: string, latencies: number[]) {
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `${label.padEnd(44)} ${String(latencies.length).padStart(3)} runs  p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms`,
  );
  return { p50, p95 };
}

function throughput(label: string, count: number, elapsedMs: number) {
  const perSecond = (count / elapsedMs) * 1000;
  console.log(`${label.padEnd(44)} ${String(count).padStart(3)} runs  ${perSecond.toFixed(2)} images/s`);
  return perSecond;
}

function statusMb(pid: number | 'self', field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU time a process has used (user + system), in seconds; clock ticks are 1/100 s on Linux. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts a new peak: Linux resets VmHWM to the current RSS when 5 is written to clear_refs. */
function resetPeakRss(pid: number | 'self'): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Two images at once through `processImage`, as the server's two job slots do. */
async function pipelineTwoAtOnce(photo: Buffer, count: number): Promise<number> {
  const inProcess = async () => {
    const result = await processImage(photo, { rotation: 0 });
    if (!result.ok) throw new Error(result.reason);
  };
  const done = await runPool(range(count), CONCURRENCY, MAX_PHASE_MS, inProcess);
  return done.elapsedMs;
}

/**
 * The memory baseline's process: one image to warm up (as the server has done by then), then
 * the concurrent phase's images two at once; prints its RSS before and its peak as JSON.
 */
async function pipelineAlone(file: string, count: number): Promise<void> {
  const photo = readFileSync(file);
  await pipelineTwoAtOnce(photo, 1);
  const before = statusMb('self', 'VmRSS');
  resetPeakRss('self');
  const cpu = process.cpuUsage();
  const elapsedMs = await pipelineTwoAtOnce(photo, count);
  const { user, system } = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      before,
      peak: statusMb('self', 'VmHWM'),
      perSecond: (count / elapsedMs) * 1000,
      cpuPerImage: (user + system) / 1e6 / count,
    }),
  );
}

async function measurePipelineAlone(photo: Buffer, dir: string, count: number) {
  const file = join(dir, 'camera.jpg');
  writeFileSync(file, photo);
  const script = new URL(import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', script, PIPELINE_ALONE, file, String(count)],
    {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...SERVER_ALLOCATOR_ENV },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`pipeline-alone process exited with ${code}: ${output}`);
  return JSON.parse(output.trim().split('\n').at(-1) ?? '') as {
    before: number;
    peak: number;
    perSecond: number;
    cpuPerImage: number;
  };
}

async function signUp(pool: Pool, index: number): Promise<string> {
  const response = await pool.request({
    method: 'POST',
    path: '/api/v1/auth/signup',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench${index}@bench.test`,
      handle: `bench_${index}`,
      displayName: `Bench ${index}`,
      password: 'correct horse battery staple',
    }),
  });
  await response.body.dump();
  const setCookie = response.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0];
  if (response.statusCode !== 201 || !cookie) throw new Error(`sign-up failed: ${response.statusCode}`);
  return cookie;
}

async function main() {
  const allocatorSettings = Object.entries(SERVER_ALLOCATOR_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const photo = await cameraJpeg();
  const meta = await sharp(photo).metadata();
  console.log(
    `Input: ${meta.width}×${meta.height} JPEG, EXIF orientation ${meta.orientation}, ${(photo.length / 1024 / 1024).toFixed(1)} MB ` +
      `(${cpus().length} cores, Node ${process.version}, sharp threads per image ${MEDIA_SHARP_THREADS}, ` +
      `jobs at once ${MEDIA_MAX_CONCURRENT_JOBS}, sharp operations at once ${MEDIA_SHARP_TASKS_AT_ONCE}, ` +
      `server allocator ${allocatorSettings || 'glibc defaults'})`,
  );
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'camera.jpg');
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const contentType = encoded.headers.get('content-type') ?? '';

  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-bench-media-'));
  const server = await startBuiltServer(dataDir, SERVER_ALLOCATOR_ENV);
  const pool = new Pool(server.origin, { connections: CONCURRENCY, pipelining: 1 });
  try {
    const cookies = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => signUp(pool, i)));
    let uploads = 0;
    const upload = async () => {
      const cookie = cookies[uploads++ % ACCOUNTS] ?? '';
      const response = await pool.request({
        method: 'POST',
        path: '/api/v1/media',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType, cookie },
        body,
      });
      const text = await response.body.text();
      if (response.statusCode !== 201) throw new Error(`upload → ${response.statusCode}: ${text}`);
      return (JSON.parse(text) as MediaUploadResponse).image;
    };
    const first = await upload();
    console.log(
      `Output: ${first.width}×${first.height}, ${first.webp.length} WebP + ${first.fallback.length} JPEG renditions\n`,
    );

    const inProcess = async () => {
      const result = await processImage(photo, { rotation: 0 });
      if (!result.ok) throw new Error(result.reason);
    };
    await inProcess();

    // The three are interleaved run by run, so load from elsewhere on the machine hits them alike.
    const latencies = { ours: [] as number[], base: [] as number[], bare: [] as number[] };
    const timed = async (into: number[], task: () => Promise<unknown>) => {
      const started = performance.now();
      await task();
      into.push(performance.now() - started);
    };
    for (let run = 0; run < SEQUENTIAL_RUNS; run += 1) {
      await timed(latencies.ours, upload);
      await timed(latencies.base, inProcess);
      await timed(latencies.bare, () => sharp(photo).resize(2048).webp().toBuffer());
    }
    console.log('One at a time (upload-to-ready):');
    const ours = summary('POST /api/v1/media (HTTP, DB, disk)', latencies.ours);
    const base = summary('baseline: same pipeline in-process', latencies.base);
    const bare = summary('context: bare sharp resize(2048).webp()', latencies.bare);

    const idleMb = statusMb(server.pid, 'VmRSS');
    resetPeakRss(server.pid);
    const serverCpu = cpuSeconds(server.pid);
    console.log(`\nConcurrency ${CONCURRENCY}, alternating rounds of ${CONCURRENT_RUNS}:`);
    const totals = { ours: { count: 0, ms: 0 }, base: { count: 0, ms: 0 } };
    for (let round = 0; round < CONCURRENT_ROUNDS; round += 1) {
      const phases: [keyof typeof totals, () => Promise<unknown>][] = [
        ['ours', upload],
        ['base', inProcess],
      ];
      for (const [name, task] of phases) {
        const done = await runPool(range(CONCURRENT_RUNS), CONCURRENCY, MAX_PHASE_MS, task);
        totals[name].count += done.results.length;
        totals[name].ms += done.elapsedMs;
      }
    }
    const oursRate = throughput('POST /api/v1/media', totals.ours.count, totals.ours.ms);
    const baseRate = throughput('baseline: same pipeline in-process', totals.base.count, totals.base.ms);

    const serverPeakMb = statusMb(server.pid, 'VmHWM');
    // Only our rounds reach the server, so its CPU time over the phase is theirs.
    const serverCpuPerImage = (cpuSeconds(server.pid) - serverCpu) / totals.ours.count;
    const alone = await measurePipelineAlone(photo, dataDir, CONCURRENT_RUNS * CONCURRENT_ROUNDS);
    console.log(
      `pipeline alone in its own process (memory baseline)      ${alone.perSecond.toFixed(2)} images/s`,
    );

    // Wall-clock rates follow the load from other work on the machine; CPU time per image does not.
    console.log(`\nCPU time per image at ${CONCURRENCY} at once (user + system, immune to other load):`);
    console.log(`server                                       ${serverCpuPerImage.toFixed(2)} s`);
    console.log(`baseline: pipeline alone in its own process  ${alone.cpuPerImage.toFixed(2)} s`);
    console.log(
      `CPU ratio (server / pipeline alone): ${(serverCpuPerImage / alone.cpuPerImage).toFixed(2)}×`,
    );

    console.log(`\nPeak RSS with ${CONCURRENCY} at once (VmHWM since the phase began):`);
    console.log(
      `server                                       ${serverPeakMb.toFixed(0)} MB (${idleMb.toFixed(0)} MB before)`,
    );
    console.log(
      `baseline: pipeline alone in its own process  ${alone.peak.toFixed(0)} MB (${alone.before.toFixed(0)} MB before)`,
    );
    console.log(`peak RSS ratio (server / pipeline alone): ${(serverPeakMb / alone.peak).toFixed(2)}×`);
    console.log(
      `target server peak RSS ≤ ${PEAK_RSS_TARGET_MB} MB at ${CONCURRENCY} at once: ${serverPeakMb <= PEAK_RSS_TARGET_MB ? 'met' : 'NOT met'}`,
    );

    const ratio = ours.p50 / base.p50;
    console.log(
      `\np50 ratio (ours / in-process pipeline): ${ratio.toFixed(2)}×   p95 ratio: ${(ours.p95 / base.p95).toFixed(2)}×`,
    );
    console.log(`p50 ratio (ours / bare resize, for context): ${(ours.p50 / bare.p50).toFixed(2)}×`);
    console.log(
      `throughput ratio at ${CONCURRENCY} at once (in-process / ours): ${(baseRate / oursRate).toFixed(2)}×`,
    );
    console.log(
      `target ≤ ${RATIO_TARGET}× the in-process pipeline: ${ratio <= RATIO_TARGET ? 'met' : 'NOT met'}`,
    );
  } finally {
    await pool.close();
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

const [mode, file, count] = process.argv.slice(2);
if (mode === PIPELINE_ALONE && file) await pipelineAlone(file, Number(count));
else await main();
