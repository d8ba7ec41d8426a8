import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/**
 * Pushes to one account in an hour, all its devices together; past it the rest wait in the app's
 * list. A post that takes off should not buzz a phone all evening.
 */
export const PUSHES_PER_HOUR: RateLimitRule = { points: 30, durationSeconds: 60 * 60, keyPrefix: 'web-push' };
/** How long a push service keeps a push for a device that is off; after that it is dropped. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push is tried at most this many times (a push service busy or down), then dropped. */
export const PUSH_MAX_ATTEMPTS = 5;
/** Wait before the 2nd, 3rd… attempt; the last delay repeats. */
export const PUSH_RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
/** How often each node looks for due pushes (new ones are also sent at once). */
export const PUSH_POLL_INTERVAL_MS = 5_000;
/** Pushes one node takes per round. */
export const PUSH_BATCH_SIZE = 50;
/** A node that took a push and stopped gives it up after this; another node sends it. */
export const PUSH_LEASE_MS = 60_000;
/** Characters of the post a push shows under its title. */
export const PUSH_EXCERPT_LENGTH = 140;
