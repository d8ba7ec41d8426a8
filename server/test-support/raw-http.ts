// eslint-disable-next-line no-restricted-imports -- only to the app a test started on 127.0.0.1, whose encoded bytes fetch() would hide
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, still encoded. */
  body: Buffer;
}

/**
 * One request over real HTTP with the answer's bytes as they came: fetch() would decode them and
 * drop Content-Encoding, hiding exactly what the compression tests are about.
 */
export function rawRequest(
  origin: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, origin), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The body as the browser sees it after undoing its Content-Encoding. */
export function decodedBody(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === undefined) return answer.body;
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  throw new Error(`unexpected content-encoding ${encoding}`);
}

/** The Vary header's members, lower-cased. */
export function varyOf(answer: RawAnswer): string[] {
  return (answer.headers.vary ?? '')
    .split(',')
    .map((member) => member.trim().toLowerCase())
    .filter(Boolean);
}

/** Starts `app` on a free port of 127.0.0.1 and answers its origin, for rawRequest. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
