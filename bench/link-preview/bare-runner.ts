import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Parser } from 'htmlparser2';
import { Agent, request } from 'undici';
import { NO_FIELDS } from './corpus-score';
import { serveRun, type Outcome } from './fetch-runner';

/**
 * The floor under our fetcher: a bare undici request (one connection per fetch, as ours) whose
 * body is decompressed and parsed with htmlparser2 only until `</head>`, with no address checks,
 * no redirects, no limits, no charset choice and no fields. The bench prints its rate and CPU
 * next to ours, so the cost of everything else is visible.
 */

function decompressorOf(encoding: string): zlib.Gunzip | zlib.BrotliDecompress | null {
  if (encoding === 'gzip') return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (encoding === 'br')
    return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  return null;
}

/** Parses until `</head>` or the end of the body; resolves with the document title. */
function readHead(body: Readable, encoding: string): Promise<string> {
  return new Promise((resolve) => {
    const decompressor = decompressorOf(encoding);
    let title = '';
    let inTitle = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      body.destroy();
      decompressor?.destroy();
      resolve(title);
    };
    const parser = new Parser({
      onopentag: (name) => (inTitle = name === 'title'),
      ontext: (text) => void (inTitle && (title += text)),
      onclosetag: (name) => {
        inTitle = false;
        if (name === 'head') finish();
      },
    });
    const text = new TextDecoder();
    const onBytes = (chunk: Buffer) => {
      if (!done) parser.write(text.decode(chunk, { stream: true }));
    };
    body.on('error', finish);
    decompressor?.on('error', finish);
    if (decompressor) {
      body.on('data', (chunk: Buffer) => decompressor.write(chunk));
      body.on('end', () => decompressor.end());
      decompressor.on('data', onBytes).on('end', finish);
    } else body.on('data', onBytes).on('end', finish);
  });
}

type LookupCallback = (error: null, address: { address: string; family: number }[]) => void;
/** Every corpus host name is the local origin: nothing leaves 127.0.0.1. */
const loopback = (_hostname: string, _options: unknown, callback: LookupCallback) =>
  callback(null, [{ address: '127.0.0.1', family: 4 }]);

serveRun(async () => {
  return async (url): Promise<Outcome> => {
    const agent = new Agent({ connect: { lookup: loopback } });
    try {
      const response = await request(url, { dispatcher: agent });
      const encoding = String(response.headers['content-encoding'] ?? '');
      const title = await readHead(response.body, encoding);
      return { ok: response.statusCode < 300, fields: { ...NO_FIELDS, title } };
    } catch {
      return { ok: false, fields: NO_FIELDS };
    } finally {
      agent.destroy().catch(() => undefined);
    }
  };
});
