import { MAX_CHANNELS_PER_TRIGGER } from '../../realtime/limits';

export { MAX_BLOCKS_PER_USER, MAX_MUTES_PER_USER } from '../../../common/contracts/safety';

/**
 * Filtered live-feed channels one feed event is published to (readers who block, mute or are
 * blocked). Bounds the cost of an event: at most this many channels, in calls of
 * LIVE_FEED_CHANNELS_PER_TRIGGER. Readers past it still see everything on their next page load
 * or reconnect; docs/realtime.md has the figures.
 */
export const MAX_FILTERED_LIVE_READERS = 1_000;

/** Channels per trigger call: hosted Pusher's limit, which our embedded server shares. */
export const LIVE_FEED_CHANNELS_PER_TRIGGER = MAX_CHANNELS_PER_TRIGGER;
