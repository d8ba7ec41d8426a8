/**
 * Which database errors mean "the database cannot be reached right now" rather than "this query
 * is wrong": a restart, a fail-over, a network blip, a full connection table, a busy SQLite file.
 * The error handler answers those with 503 `database_unavailable` and a Retry-After; anything
 * else stays a 500 (a bug to fix). Every classification of database errors lives here.
 */

/** What a client is told to wait before retrying while the database is away (README limits). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The socket to the database broke or could not be opened (Node's system error codes). */
const NETWORK_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, not yet back, or out of connections;
 * 57014 is a statement cancelled by `statement_timeout` (an overloaded server, for the client).
 */
const POSTGRES_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** SQLSTATE class 08: connection exceptions. */
const POSTGRES_CONNECTION_CLASS = '08';

/** SQLite's own codes for a file another connection holds longer than the busy timeout. */
const SQLITE_UNAVAILABLE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

/**
 * Errors the pg driver raises without a code: a connection that ended mid-query, a pool that
 * could not connect in time (connectionTimeoutMillis), a client whose socket already failed, a
 * query_timeout. SQLite's busy message covers a busy error relayed from a worker thread, which
 * keeps only the message.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Query read timeout/,
  /^database is (locked|busy)$/,
];

const MAX_CAUSE_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    if (isUnavailableItself(current)) return true;
    current = current.cause;
  }
  return false;
}

function isUnavailableItself(error: Error): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (NETWORK_ERROR_CODES.has(code) || SQLITE_UNAVAILABLE_CODES.has(code)) return true;
  if (POSTGRES_UNAVAILABLE_STATES.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(POSTGRES_CONNECTION_CLASS)) return true;
  // An AggregateError (every address of a host refused) carries the reasons inside.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner)))
    return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}
