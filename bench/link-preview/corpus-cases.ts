import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { startTestOrigin, type TestOrigin } from '../../server/platform/safe-fetch/testing/test-origin';

/**
 * The public link-preview corpus (59 real pages, see corpus/README.md) and a local origin that
 * serves each page the way the manifest says: status, Content-Type, gzip/br, path. Pages are
 * told apart by the Host header, so each keeps its real host name and relative URLs resolve
 * exactly as on the real site (only the scheme and our port differ).
 */

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'corpus');

export type CorpusField = 'title' | 'description' | 'image' | 'siteName';
export const CORPUS_FIELDS: readonly CorpusField[] = ['title', 'description', 'image', 'siteName'];

export interface CorpusCase {
  id: string;
  file: string;
  url: string;
  bytes: number;
  serve: { status: number; contentType: string; encoding: 'identity' | 'gzip' | 'br'; path: string };
  expected: Record<CorpusField, string | null>;
  accept: Record<CorpusField, string[]>;
}

interface Manifest {
  serveDefaults: { status: number; contentType: string; encoding: CorpusCase['serve']['encoding'] };
  cases: (Omit<CorpusCase, 'serve'> & { serve: Partial<CorpusCase['serve']> & { path: string } })[];
}

export function loadCorpus(): CorpusCase[] {
  const manifest = JSON.parse(readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8')) as Manifest;
  return manifest.cases.map((entry) => ({ ...entry, serve: { ...manifest.serveDefaults, ...entry.serve } }));
}

export function pageBytes(entry: CorpusCase): Buffer {
  return readFileSync(join(CORPUS_DIR, 'pages', entry.file));
}

function encode(body: Buffer, encoding: CorpusCase['serve']['encoding']): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  // Quality 5 keeps start-up fast; the ratio barely matters for a local origin.
  if (encoding === 'br')
    return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  return body;
}

export interface CorpusOrigin {
  origin: TestOrigin;
  /** corpusUrl() on this origin. */
  urlFor(entry: CorpusCase): string;
  /** Bytes on the wire per case id (after gzip/br). */
  wireSize(id: string): number;
}

const routeKey = (hostname: string, path: string) => `${hostname.toLowerCase()}${path}`;

/** The page's captured URL on a local origin: http, its real host name, the origin's port. */
export function corpusUrl(entry: CorpusCase, port: number): string {
  return `http://${new URL(entry.url).hostname}:${port}${entry.serve.path}`;
}

export async function startCorpusOrigin(host: string, cases: readonly CorpusCase[]): Promise<CorpusOrigin> {
  const routes = new Map<string, { entry: CorpusCase; body: Buffer }>();
  for (const entry of cases) {
    routes.set(routeKey(new URL(entry.url).hostname, entry.serve.path), {
      entry,
      body: encode(pageBytes(entry), entry.serve.encoding),
    });
  }
  const origin = await startTestOrigin(host, (request, response) => {
    const hostname = (request.headers.host ?? '').replace(/:\d+$/, '');
    const route = routes.get(routeKey(hostname, request.url ?? '/'));
    if (!route) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not in corpus');
    const { serve } = route.entry;
    const headers: Record<string, string> = { 'content-type': serve.contentType };
    if (serve.encoding !== 'identity') headers['content-encoding'] = serve.encoding;
    response.writeHead(serve.status, headers).end(route.body);
  });
  const wireSizes = new Map([...routes.values()].map((route) => [route.entry.id, route.body.length]));
  return {
    origin,
    urlFor: (entry) => corpusUrl(entry, origin.port),
    wireSize: (id) => wireSizes.get(id) ?? 0,
  };
}
