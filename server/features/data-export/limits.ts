/** A new archive may be asked for once in this long (a failed one does not count). */
export const DATA_EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** A ready archive, and its row, are deleted this long after it was made. */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each node looks for archives to build and to delete (a request also wakes it). */
export const DATA_EXPORT_POLL_INTERVAL_MS = 30_000;
/** A node holds a build for this long, and renews the hold while it works. */
export const DATA_EXPORT_LEASE_MS = 5 * 60_000;
/** Builds tried for one archive, a crashed one included, before it is marked failed. */
export const DATA_EXPORT_MAX_ATTEMPTS = 3;
/** The wait before a failed build is tried again. */
export const DATA_EXPORT_RETRY_DELAY_MS = 5 * 60_000;
/** Posts, likes or uploads read from the database at a time while an archive is written. */
export const DATA_EXPORT_PAGE_SIZE = 200;
