/** S3 refuses a DeleteObjects request with more keys than this. */
export const S3_DELETE_BATCH_KEYS = 1000;
/** Connecting to S3 gives up after this long (the SDK waits forever by default). */
export const S3_CONNECT_TIMEOUT_MS = 5_000;
/** A socket to S3 with no bytes either way for this long is closed and the request fails. */
export const S3_SOCKET_IDLE_TIMEOUT_MS = 30_000;
/** A streamed write goes to S3 in parts of this size (S3's minimum is 5 MiB)... */
export const S3_UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** ...at most this many at once: the memory a streamed write holds is their product. */
export const S3_UPLOAD_PARTS_IN_FLIGHT = 2;
