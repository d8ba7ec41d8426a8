import type { Readable, Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import { chooseCharset, type CharsetSource } from './charset';
import { withoutStackTraces } from './quiet-errors';
import { CHARSET_PRESCAN_BYTES, DECOMPRESS_INPUT_BYTES, TEXT_SLICE_BYTES } from './limits';

/**
 * Reads an HTML body as text, a slice at a time, until the consumer has what it needs or a
 * byte limit is reached. Decompression happens here so that limits count decoded bytes (a
 * 1 kB gzip bomb expands to gigabytes) as well as bytes off the wire.
 */

/** Receives decoded text; answers "done" once it needs no more. */
export interface TextSink {
  write(text: string): 'more' | 'done';
}

export interface ReadLimits {
  maxDecodedBytes: number;
  maxWireBytes: number;
}

export interface ReadReport {
  encoding: string;
  charsetSource: CharsetSource;
  /** Bytes taken from the connection (compressed, if the answer was). */
  wireBytes: number;
  /** Bytes after decompression handed to the decoder. */
  decodedBytes: number;
  /** Why reading stopped: the sink was satisfied, the body ended, or a limit was hit. */
  stop: 'sink' | 'end' | 'limit';
}

export class UnsupportedEncodingError extends Error {}

function createDecompressor(contentEncoding: string): Transform | null {
  // Servers finish a response with an unflushed final block more often than one would think.
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (contentEncoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(lenient);
    case 'deflate':
      return zlib.createInflate(lenient);
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      throw new UnsupportedEncodingError(contentEncoding);
  }
}

type FeedOutcome = 'more' | 'sink' | 'limit';

const joined = (chunks: Buffer[]): Buffer =>
  chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);

/**
 * Holds the first bytes back until the charset can be chosen (HTML prescan window), then
 * decodes slice by slice so the sink can stop early; multi-byte characters split between
 * slices or chunks are carried over by the streaming TextDecoder.
 */
class SliceDecoder {
  charsetSource: CharsetSource = 'default';
  decodedBytes = 0;
  private decoder: TextDecoder | null = null;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly sink: TextSink,
    private readonly limits: ReadLimits,
    private readonly headerCharset: string | null,
  ) {}

  push(chunk: Buffer): FeedOutcome {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (!this.decoder && this.pendingBytes < CHARSET_PRESCAN_BYTES) return 'more';
    return this.flush();
  }

  /** The body ended: decode what is held back and the decoder's tail. */
  end(): FeedOutcome {
    const outcome = this.flush();
    if (outcome === 'more') this.sink.write(this.ready().decode());
    return outcome;
  }

  get encoding(): string {
    return this.ready().encoding;
  }

  private ready(): TextDecoder {
    if (!this.decoder) {
      const choice = chooseCharset(joined(this.pending), this.headerCharset);
      this.decoder = new TextDecoder(choice.encoding);
      this.charsetSource = choice.source;
    }
    return this.decoder;
  }

  private flush(): FeedOutcome {
    const decoder = this.ready();
    const bytes = joined(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    for (let offset = 0; offset < bytes.length; offset += TEXT_SLICE_BYTES) {
      const room = this.limits.maxDecodedBytes - this.decodedBytes;
      if (room <= 0) return 'limit';
      const slice = bytes.subarray(offset, offset + Math.min(TEXT_SLICE_BYTES, room));
      this.decodedBytes += slice.length;
      if (this.sink.write(decoder.decode(slice, { stream: true })) === 'done') return 'sink';
    }
    return this.decodedBytes >= this.limits.maxDecodedBytes ? 'limit' : 'more';
  }
}

export interface ReadOptions {
  contentEncoding: string;
  headerCharset: string | null;
  limits: ReadLimits;
}

/**
 * Streams `body` into `sink`. Throws UnsupportedEncodingError for an unknown Content-Encoding
 * and rejects with stream errors (abort, corrupt gzip); the caller classifies them.
 *
 * The body is always taken in flowing mode and never paused: a paused undici body pauses the
 * HTTP/1 parser, and undici 7 throws an uncatchable assertion when the origin then closes the
 * connection. Bytes waiting for the decompressor are bounded by the wire
 * limit. Whatever ends the read (sink satisfied, limit, end, error) destroys the body at once.
 */
export function readText(body: Readable, sink: TextSink, options: ReadOptions): Promise<ReadReport> {
  let decompressor: Transform | null;
  try {
    decompressor = createDecompressor(options.contentEncoding.trim().toLowerCase());
  } catch (error) {
    body.destroy();
    throw error;
  }
  const { limits } = options;
  const decoder = new SliceDecoder(sink, limits, options.headerCharset);
  const piece = DECOMPRESS_INPUT_BYTES;
  let wireBytes = 0;
  let wireCapped = false;
  let settled = false;

  return new Promise<ReadReport>((resolve, reject) => {
    function finish(outcome: ReadReport['stop'] | Error): void {
      if (settled) return;
      settled = true;
      withoutStackTraces(() => {
        body.destroy();
        decompressor?.destroy();
      });
      if (outcome instanceof Error) return reject(outcome);
      resolve({
        encoding: decoder.encoding,
        charsetSource: decoder.charsetSource,
        wireBytes,
        decodedBytes: decoder.decodedBytes,
        stop: outcome,
      });
    }
    const onDecoded = (chunk: Buffer) => {
      if (settled) return;
      const outcome = decoder.push(chunk);
      if (outcome !== 'more') finish(outcome);
    };
    const onDecodedEnd = () => {
      if (settled) return;
      if (wireCapped) return finish('limit');
      const outcome = decoder.end();
      finish(outcome === 'more' ? 'end' : outcome);
    };
    /** No more input: from the end of the body, or the wire limit. */
    const endInput = () => (decompressor ? decompressor.end() : onDecodedEnd());

    body.on('data', (chunk: Buffer) => {
      if (settled || wireCapped) return;
      // The chunk that crosses the limit still passes, so the decoded limit is what trims.
      if (wireBytes >= limits.maxWireBytes) {
        wireCapped = true;
        withoutStackTraces(() => body.destroy());
        return endInput();
      }
      wireBytes += chunk.length;
      if (!decompressor) return onDecoded(chunk);
      // zlib inflates a whole input chunk before it looks at its reader; small pieces let a
      // satisfied reader stop decompression soon after it has the head.
      for (let offset = 0; offset < chunk.length; offset += piece) {
        decompressor.write(chunk.subarray(offset, offset + piece));
      }
    });
    body.on('end', () => {
      if (!wireCapped) endInput();
    });
    body.on('error', (error: Error) => {
      if (!wireCapped) finish(error);
    });
    body.on('close', () => {
      if (!wireCapped && !body.readableEnded) finish(new Error('The response body closed early'));
    });
    if (decompressor) {
      decompressor.on('data', onDecoded);
      decompressor.on('end', onDecodedEnd);
      // A stream cut at the wire limit may end mid-block: what was decoded still counts.
      decompressor.on('error', (error: Error) => (wireCapped ? finish('limit') : finish(error)));
    }
  });
}
