/** Limits of the Redis connections shared by every scale-out part (listed in the README). */

/** Reconnection waits grow by this much per attempt… */
export const REDIS_RECONNECT_STEP_MS = 100;
/** …up to this, then stay there: a node keeps trying for as long as it runs. */
export const REDIS_RECONNECT_MAX_DELAY_MS = 2_000;
/**
 * A command issued while Redis is unreachable waits through this many reconnection attempts and
 * then fails. Publishes do not wait at all (redis-bus.ts): the attempts' delays grow through an
 * outage, and a request publishing several events would wait through each one's attempts.
 */
export const REDIS_MAX_RETRIES_PER_REQUEST = 3;
/** Connecting (TCP and TLS) gives up after this long and counts as one failed attempt. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
