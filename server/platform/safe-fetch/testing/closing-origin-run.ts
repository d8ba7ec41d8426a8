import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createSafeFetcher, createSafeFileFetcher } from '../safe-fetch';
import type { TextSink } from '../body-reader';

/**
 * Run as a child process by safe-fetch.closing-origin.test.ts: many fetches against an origin
 * that sends its headers and a large body with `Connection: close` in one go and then ends the
 * socket, while the fetcher reads slowly, stops early or never reads. An HTTP client that leaves
 * its parser paused when the socket ends throws from a socket handler, where nothing can catch
 * it: the process dies and the test sees the exit code. Prints the outcome counts as JSON.
 */

const HOST = '127.0.0.2';
const ROUNDS = Number(process.argv[2] ?? 20);
const CONCURRENCY = 8;

const HEAD =
  '<html><head><title>T</title><meta name="description" content="d">' +
  '<meta property="og:image" content="/i.png"><meta property="og:site_name" content="S"></head><body>';
// Random text compresses badly, so the compressed body is large on the wire and slow to inflate.
const noise = (bytes: number) => randomBytes(bytes).toString('base64');
const PAGE = Buffer.from(HEAD + noise(600 * 1024) + '</body></html>');

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const NOT_FOUND: Answer = { status: 404, headers: { 'content-type': 'text/html' }, body: PAGE };
const ANSWERS: Record<string, Answer> = {
  '/br': {
    status: 200,
    headers: { 'content-type': 'text/html', 'content-encoding': 'br' },
    body: brotliCompressSync(PAGE),
  },
  '/gzip': {
    status: 200,
    headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' },
    body: gzipSync(PAGE),
  },
  '/identity': { status: 200, headers: { 'content-type': 'text/html' }, body: PAGE },
  '/not-found': NOT_FOUND,
  '/redirect': { status: 302, headers: { location: '/identity', 'content-type': 'text/html' }, body: PAGE },
  '/image': { status: 200, headers: { 'content-type': 'image/png' }, body: randomBytes(3 * 1024 * 1024) },
};

function answer(socket: Socket, request: string): void {
  const path = /^GET (\S+)/.exec(request)?.[1] ?? '/';
  const { status, headers, body } = ANSWERS[path] ?? NOT_FOUND;
  const lines = Object.entries({ ...headers, 'content-length': String(body.length), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`HTTP/1.1 ${status} X\r\n${lines}\r\n`);
  socket.end(body);
}

const server = createServer((socket) => {
  socket.on('error', () => undefined);
  socket.once('data', (chunk: Buffer) => answer(socket, chunk.toString('latin1')));
});
await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
const base = `http://${HOST}:${(server.address() as AddressInfo).port}`;

const options = { allowedPrivateAddresses: [HOST], deadlineMs: 5000 };
const fetcher = createSafeFetcher(options);
const fileFetcher = createSafeFileFetcher({ ...options, maxBytes: 5 * 1024 * 1024, accept: 'image/*' });

const stopAtOnce = (): TextSink => ({ write: () => 'done' });
const readAll = (): TextSink => ({ write: () => 'more' });

type Job = () => Promise<{ ok: boolean; code?: string }>;
const jobs: Record<string, Job> = {
  'br, read to the end': () => fetcher.fetch(`${base}/br`, readAll),
  'br, stopped at once': () => fetcher.fetch(`${base}/br`, stopAtOnce),
  'gzip, read to the end': () => fetcher.fetch(`${base}/gzip`, readAll),
  'identity, read to the end': () => fetcher.fetch(`${base}/identity`, readAll),
  'identity, stopped at once': () => fetcher.fetch(`${base}/identity`, stopAtOnce),
  'error status': () => fetcher.fetch(`${base}/not-found`, readAll),
  redirect: () => fetcher.fetch(`${base}/redirect`, stopAtOnce),
  'image, headers only': () => fetcher.fetch(`${base}/image`, readAll),
  'image, whole file': () => fileFetcher.fetchFile(`${base}/image`),
};

const counts: Record<string, Record<string, number>> = {};
for (const [name, job] of Object.entries(jobs)) {
  const tally: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    const results = await Promise.all(Array.from({ length: CONCURRENCY }, job));
    for (const result of results) {
      const key = result.ok ? 'ok' : (result.code ?? 'failed');
      tally[key] = (tally[key] ?? 0) + 1;
    }
  }
  counts[name] = tally;
}
server.close();
process.stdout.write(JSON.stringify(counts));
