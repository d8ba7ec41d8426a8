import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { varyWithAcceptEncoding } from './compression-vary';

/**
 * API answers smaller than this go out as they are: below about a kilobyte the compressed form
 * saves less than one network packet while still costing a compressor run per request.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for answers compressed per request. The maximum (11) takes tens of
 * milliseconds per 100 KB on the event loop; 4 is several times faster than that and still beats
 * gzip's default level on JSON. Static files get quality 11 once, at build time (vite.config.ts).
 */
export const ON_THE_FLY_BROTLI_QUALITY = 4;

/**
 * Text the API may answer with. Images and uploaded media are compressed already (JPEG, WebP,
 * GIF): compressing them again costs time and saves nothing, so they are never matched.
 */
const COMPRESSIBLE_TYPE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)(?:;|$))/i;

/**
 * Compresses the API answers of `api` (an encapsulated scope: routes registered in it
 * afterwards) with Brotli or gzip, as the request's Accept-Encoding prefers, q-values and
 * `identity` included. Request bodies are never decompressed: nothing sends them compressed,
 * and inflating them would let a small upload grow past the body limit's intent.
 */
export async function installApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
  });
  // Small answers are sent plain, but a cache must still key on Accept-Encoding: the same URL
  // may answer more than the threshold next time and then be compressed.
  api.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return payload;
    const vary = varyWithAcceptEncoding(reply.getHeader('vary'));
    if (vary !== null) void reply.header('vary', vary);
    return payload;
  });
}
