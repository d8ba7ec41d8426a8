/**
 * Test files that start processes of their own (a server, a PostgreSQL, a TCP proxy cutting
 * Redis off, a write load) and time how the app reacts to a crash, an outage or a signal. On a
 * busy 2-core machine they missed their deadlines, so Vitest runs them one at a time, each in a
 * fresh process, after every other file (vitest.config.ts). `run-alone.test.ts` fails when a
 * file that starts processes is missing here.
 */
export const RUN_ALONE: readonly string[] = [
  'server/admin-cli/admin-process.test.ts',
  'server/main.test.ts',
  'server/start-script.test.ts',
  'server/features/posts/posts.crash.test.ts',
  'server/features/notifications/notifications.kinds.test.ts',
  'server/platform/db/database-outage.test.ts',
  'server/platform/rate-limit/redis-rate-limiter.test.ts',
  'server/platform/safe-fetch/safe-fetch.closing-origin.test.ts',
  'server/realtime/hosted-pusher.test.ts',
  'server/realtime/redis-fan-out.test.ts',
];

/** Imports that start processes: a test file with one of them belongs in RUN_ALONE. */
export const PROCESS_STARTERS: readonly string[] = [
  'node:child_process',
  'server-process',
  'scratch-postgres',
  'tcp-proxy',
  'write-load',
];
