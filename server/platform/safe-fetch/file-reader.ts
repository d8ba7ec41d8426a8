import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { parseContentType } from './content-type';
import { withoutStackTraces } from './quiet-errors';
import { fetchFailure, type FetchFailure } from './fetch-failure';

/** A small file read whole, e.g. an image the server re-encodes. */
export interface FileResponse {
  ok: true;
  /** Final URL after redirects. */
  url: string;
  /** Lower-case MIME essence as the origin declared it; check the bytes, not this. */
  mimeType: string;
  body: Buffer;
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The whole body, or null once it passes `maxBytes` (the body is then destroyed at once). Taken
 * in flowing mode and never paused, like body-reader.ts: a paused undici body pauses the HTTP/1
 * parser, and undici 7 crashes the process if the origin then closes the connection.
 */
function collectBody(body: Readable, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    body.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      withoutStackTraces(() => body.destroy());
      resolve(null);
    });
    body.on('end', () => resolve(Buffer.concat(chunks, length)));
    body.on('error', reject);
    body.on('close', () => reject(new Error('The response body closed early')));
  });
}

/** Reads at most `maxBytes`; a declared or actual longer body is too_large and is not kept. */
export async function readFileResponse(
  response: Dispatcher.ResponseData,
  url: URL,
  maxBytes: number,
): Promise<FileResponse | FetchFailure> {
  const { body } = response;
  body.on('error', () => undefined);
  const drop = (failure: FetchFailure) => {
    withoutStackTraces(() => body.destroy());
    return failure;
  };
  if (response.statusCode < 200 || response.statusCode > 299)
    return drop(fetchFailure('upstream_status', response.statusCode));
  const encoding = (header(response.headers, 'content-encoding') ?? 'identity').trim().toLowerCase();
  // We asked for identity; a compressed answer would need a decompressor with its own limits.
  if (encoding !== 'identity' && encoding !== '') return drop(fetchFailure('unsupported_content'));
  const declared = Number(header(response.headers, 'content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return drop(fetchFailure('too_large'));
  const bytes = await collectBody(body, maxBytes);
  if (bytes === null) return fetchFailure('too_large');
  const { mimeType } = parseContentType(header(response.headers, 'content-type'));
  return { ok: true, url: url.href, mimeType, body: bytes };
}
