/** Limits of the server's only outbound HTTP client. Listed in the README. */

/** One deadline over DNS, connect, every redirect hop, headers and body (docs/spec.md#outbound-requests). */
export const FETCH_DEADLINE_MS = 8000;

/** Redirect hops followed before giving up with too_many_redirects. */
export const MAX_REDIRECTS = 5;

/** Decoded (decompressed) bytes of an HTML page read at most; guards against gzip/brotli bombs. */
export const MAX_DECODED_BYTES = 1024 * 1024;

/** Bytes taken off the wire at most (compressed streams can hide work in few output bytes). */
export const MAX_WIRE_BYTES = 1024 * 1024;

/** Bytes scanned for `<meta charset>` / http-equiv before decoding (HTML prescan). */
export const CHARSET_PRESCAN_BYTES = 1024;

/** Largest piece of decoded text handed to the consumer at once, so it can stop early. */
export const TEXT_SLICE_BYTES = 4 * 1024;

/**
 * Compressed input handed to the decompressor at once, so decompression stops soon after the
 * reader. Each piece is a round trip to the thread pool: 8 KiB pieces cost about a sixth more
 * CPU per preview than 32 KiB ones (bench:previews) without reading fewer bytes.
 */
export const DECOMPRESS_INPUT_BYTES = 32 * 1024;

/** Deadline of one POST to a push service: longer than a page fetch, as no reader waits on a delivery. */
export const SAFE_POST_DEADLINE_MS = 10_000;

/** Bytes of a POST's answer kept for a log line; the rest is dropped unread. */
export const SAFE_POST_EXCERPT_BYTES = 1024;
